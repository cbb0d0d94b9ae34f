// axe-core checks: no serious or critical violations on the pages every visitor may see.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, urlOn, waitForHydration } from "./fixtures";
import type { FaultUpdate } from "../support/http";

type Found = { id: string; target: string; summary: string };

/**
 * KNOWN BUGS (reported to the lead, not fixed here). Each one is matched exactly, so anything else still fails the
 * page's test; the "KNOWN BUG" tests below fail (as expected) while these exist, and start passing when they are fixed.
 * - the header's language select: white on the brand colour (#4185ee on demo) is 3.6:1, below 4.5:1;
 * - the header's brand link: aria-label "Demo Play – Home" does not contain its visible text ("D" logo + name);
 * - the big grey status code on the in-app 404 page (.status-code) and on the edge's own pages (.code): #c0c8d8 on white, 1.7:1.
 */
const KNOWN: { id: string; target: string }[] = [
  { id: "color-contrast", target: "#language-select" },
  { id: "label-content-name-mismatch", target: ".app-header__brand" },
  { id: "color-contrast", target: ".status-code" },
  { id: "color-contrast", target: ".code" },
];

async function seriousViolations(page: Page): Promise<Found[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => ({ id: v.id, target: n.target.join(" "), summary: (n.failureSummary ?? "").replace(/\s+/g, " ") })));
}

const isKnown = (f: Found) => KNOWN.some((k) => k.id === f.id && k.target === f.target);

type Setup = (page: Page, faults: (update: FaultUpdate) => Promise<void>) => Promise<void>;

/** strict: not even the known bugs may appear (none of them is on these pages today). */
const PAGES: { name: string; setup: Setup; hydrates: boolean; strict?: boolean }[] = [
  { name: "home", hydrates: true, setup: async (page) => void (await page.goto("/m/home")) },
  { name: "home in Urdu (rtl)", hydrates: true, setup: async (page) => void (await page.goto("/m/home?language=UR")) },
  { name: "vn.localhost home", hydrates: true, setup: async (page) => void (await page.goto(urlOn("vn.localhost", "/m/home"))) },
  {
    name: "maintenance",
    hydrates: true,
    strict: true,
    setup: async (page, faults) => {
      await faults({ merchant: "demo", maintenance: {} });
      await page.goto("/m/home");
      await expect(page.getByRole("heading", { level: 1, name: "System maintenance" })).toBeVisible();
    },
  },
  {
    name: "access denied",
    hydrates: true,
    strict: true,
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

  for (const { name, setup, hydrates, strict } of PAGES) {
    const title = strict
      ? `${name}: no serious or critical violations`
      : `${name}: no serious or critical violations other than the known bugs`;
    test(title, async ({ page, faults }) => {
      await setup(page, faults);
      if (hydrates) await waitForHydration(page);
      const found = await seriousViolations(page);
      expect(strict ? found : found.filter((f) => !isKnown(f))).toEqual([]);
    });
  }

  // `test.fail()`: expected to fail while the known bugs exist; when they are fixed, remove these and the KNOWN list.
  for (const name of ["home", "page not found", "unconfigured domain"]) {
    test(`KNOWN BUG: ${name} has no serious or critical violations at all`, async ({ page, faults }) => {
      test.fail(true, "known a11y bugs, see KNOWN in a11y.spec.ts");
      const entry = PAGES.find((p) => p.name === name)!;
      await entry.setup(page, faults);
      if (entry.hydrates) await waitForHydration(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
