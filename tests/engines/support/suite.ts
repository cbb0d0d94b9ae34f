// Declares a test file's tests once per engine (ENGINES, both by default): one browser per engine and file, a fresh
// page (profile) per test, and after each test the page's uncaught script errors asserted to be none.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from "vitest";
import { PORT } from "../../support/http";
import { enginesToRun, type EngineName } from "./browsers";
import { pageErrors, startEngine, type Engine, type EnginePage, type PageOptions } from "./engines";

export type EngineContext = {
  /** The engine of the tests being declared. */
  engine: EngineName;
  /** This test's page. */
  page(): EnginePage;
  /** Replaces this test's page with a fresh one opened with these options (its errors are asserted instead). */
  reopen(options: PageOptions): Promise<EnginePage>;
};

/** A page address on a merchant host of the test server. */
export function urlOn(host: string, path: string): string {
  return `http://${host}:${PORT}${path}`;
}

/** Where a failed test's page was and what it showed, for the failure's report. */
async function describePage(page: EnginePage): Promise<string> {
  try {
    const shown = await page.evaluate<string>(`() => document.body.innerText.replace(/\\s+/g, " ").slice(0, 800)`);
    return `${page.engine} page at ${await page.url()} ("${await page.title()}"): ${shown}\nerrors: ${JSON.stringify(await pageErrors(page))}`;
  } catch (error) {
    return `${page.engine} page not readable: ${String(error)}`;
  }
}

export function engineSuite(title: string, body: (context: EngineContext) => void): void {
  for (const engine of enginesToRun()) {
    describe(`${engine}: ${title}`, () => {
      let browser: Engine | undefined;
      let current: EnginePage | undefined;
      beforeAll(async () => {
        browser = await startEngine(engine);
      });
      afterAll(async () => {
        await browser?.stop();
      });
      beforeEach(async () => {
        current = await browser!.newPage();
      });
      afterEach(async (test) => {
        const page = current;
        current = undefined;
        if (!page) return;
        try {
          // Only when the test itself passed: a failed test's page may be anywhere, and is described instead.
          if (test.task.result?.state !== "fail") expect((await pageErrors(page)).join("\n"), "uncaught script errors").toBe("");
          else console.error(await describePage(page));
        } finally {
          await page.close();
        }
      });
      body({
        engine,
        page: () => {
          if (!current) throw new Error("no page outside a test");
          return current;
        },
        async reopen(options) {
          await current?.close();
          current = await browser!.newPage(options);
          return current;
        },
      });
    });
  }
}
