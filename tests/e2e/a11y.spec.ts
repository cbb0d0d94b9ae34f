// axe-core checks: no serious or critical violations on the pages every visitor may see.
import type { Page } from "@playwright/test";
import { EXCLUSIVE, expect, test, touchPage, urlOn, waitForHydration } from "./fixtures";
import type { FaultUpdate } from "../support/http";
import { seriousAxeFindings } from "./support/axe";
import { openAsMember } from "./support/member";

type Setup = (page: Page, faults: (update: FaultUpdate) => Promise<void>) => Promise<void>;

/** `faults`: the page needs platform faults, so its test runs alone (see fixtures.ts). */
const PAGES: { name: string; setup: Setup; hydrates: boolean; faults?: true }[] = [
  { name: "home", hydrates: true, setup: async (page) => void (await page.goto("/m/home")) },
  { name: "home in Urdu (rtl)", hydrates: true, setup: async (page) => void (await page.goto("/m/home?language=UR")) },
  { name: "vn.localhost home", hydrates: true, setup: async (page) => void (await page.goto(urlOn("vn.localhost", "/m/home"))) },
  {
    name: "maintenance",
    hydrates: true,
    faults: true,
    setup: async (page, faults) => {
      await faults({ merchant: "demo", maintenance: {} });
      await page.goto("/m/home");
      await expect(page.getByRole("heading", { level: 1, name: "System maintenance" })).toBeVisible();
    },
  },
  {
    name: "access denied",
    hydrates: true,
    faults: true,
    setup: async (page, faults) => {
      await faults({ merchant: "demo", regionRestriction: true });
      await page.goto("/m/home");
      await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    },
  },
  {
    name: "notice dialog",
    hydrates: true,
    faults: true,
    setup: async (page, faults) => {
      await faults({ merchant: "demo", malformedJson: true });
      await page.goto("/m/home");
      await expect(page.getByRole("alertdialog", { name: "Notice" })).toBeVisible();
    },
  },
  {
    name: "member home with the footer's badge and the mini-game open",
    hydrates: true,
    setup: async (page) => {
      await openAsMember(page, "demo01");
      await expect(page.locator(".footer-nav__badge")).toBeVisible();
      // The mini-game box loads once the player first touches the page.
      await touchPage(page);
      await page.getByRole("button", { name: /^Mini-game/ }).click();
      await expect(page.getByRole("region", { name: "Mini-game" })).toBeVisible();
    },
  },
  { name: "page not found", hydrates: true, setup: async (page) => void (await page.goto("/m/no-such-page")) },
  { name: "unconfigured domain", hydrates: false, setup: async (page) => void (await page.goto(urlOn("unknown.localhost", "/m/home"))) },
];

test.describe("accessibility (axe)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page");

  for (const { name, setup, hydrates, faults: needsFaults } of PAGES) {
    const title = `${name}: no serious or critical violations`;
    const check = async (page: Page, faults: (update: FaultUpdate) => Promise<void>) => {
      await setup(page, faults);
      if (hydrates) await waitForHydration(page);
      expect(await seriousAxeFindings(page)).toEqual([]);
    };
    if (needsFaults) test(title, { tag: EXCLUSIVE }, ({ page, faults }) => check(page, faults));
    else test(title, ({ page }) => check(page, () => Promise.reject(new Error(`${name}: mark the page \`faults: true\``))));
  }
});
