// axe-core in the page: the serious and critical findings, the ones the accessibility tests allow none of.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Serious or critical violations on the page, each as "rule element: what to fix". `within` limits the check to some
 * elements (the page behind a modal is another test's business); `except` leaves some out (the shared header, which
 * tests/e2e/a11y.spec.ts checks). Only violations are collected: axe's lists of passes and inapplicable rules are work
 * no test reads.
 */
export async function seriousAxeFindings(page: Page, scope: { within?: string[]; except?: string[] } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  for (const selector of scope.within ?? []) builder.include(selector);
  for (const selector of scope.except ?? []) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}: ${(n.failureSummary ?? "").replace(/\s+/g, " ")}`));
}
