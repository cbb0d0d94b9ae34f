// axe-core checks: no serious or critical violations on the pages every visitor may see.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, urlOn, waitForHydration } from "./fixtures";
import type { FaultUpdate } from "../support/http";

type Found = { id: string; target: string; summary: string };

async function seriousViolations(page: Page): Promise<Found[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => ({ id: v.id, target: n.target.join(" "), summary: (n.failureSummary ?? "").replace(/\s+/g, " ") })));
}

type Setup = (page: Page, faults: (update: FaultUpdate) => Promise<void>) => Promise<void>;

const PAGES: { name: string; setup: Setup; hydrates: boolean }[] = [
  { name: "home", hydrates: true, setup: async (page) => void (await page.goto("/m/home")) },
  { name: "home in Urdu (rtl)", hydrates: true, setup: async (page) => void (await page.goto("/m/home?language=UR")) },
  { name: "vn.localhost home", hydrates: true, setup: async (page) => void (await page.goto(urlOn("vn.localhost", "/m/home"))) },
  {
    name: "maintenance",
    hydrates: true,
    setup: async (page, faults) => {
      await faults({ merchant: "demo", maintenance: {} });
      await page.goto("/m/home");
      await expect(page.getByRole("heading", { level: 1, name: "System maintenance" })).toBeVisible();
    },
  },
  {
    name: "access denied",
    hydrates: true,
    setup: async (page, faults) => {
      await faults({ merchant: "demo", regionRestriction: true });
      await page.goto("/m/home");
      await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    },
  },
  {
    name: "notice dialog",
    hydrates: true,
    setup: async (page, faults) => {
      await faults({ merchant: "demo", malformedJson: true });
      await page.goto("/m/home");
      await expect(page.getByRole("alertdialog", { name: "Notice" })).toBeVisible();
    },
  },
  { name: "page not found", hydrates: true, setup: async (page) => void (await page.goto("/m/no-such-page")) },
  { name: "unconfigured domain", hydrates: false, setup: async (page) => void (await page.goto(urlOn("unknown.localhost", "/m/home"))) },
];

test.describe("accessibility (axe)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");

  for (const { name, setup, hydrates } of PAGES) {
    test(`${name}: no serious or critical violations`, async ({ page, faults }) => {
      await setup(page, faults);
      if (hydrates) await waitForHydration(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
