// The cross-engine suite's global setup (vitest.engines.config.ts): the browsers of the engines to run and the proxies
// they go through, started once and shared by the test files (support/browsers.ts says why), stopped at the end.
import type { TestProject } from "vitest/node";
import { enginesToRun, startFirefox, startWebKitDriver, type EngineName } from "./browsers";
import { startCollectorProxy } from "./collector-proxy";

/** Per engine run: its browser's endpoint and its proxy's host:port. */
type StartedEngines = Partial<Record<EngineName, { endpoint: string; proxy: string }>>;

declare module "vitest" {
  export interface ProvidedContext {
    engines: StartedEngines;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stops: (() => Promise<void>)[] = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const engines: StartedEngines = {};
    for (const engine of enginesToRun()) {
      // The proxy puts the error collector into WebKit's documents; Firefox runs it as a preload script instead.
      const proxy = await startCollectorProxy(engine === "webkit");
      stops.push(proxy.close);
      const browser = engine === "webkit" ? await startWebKitDriver() : await startFirefox(proxy.address);
      stops.push(browser.stop);
      engines[engine] = { endpoint: browser.endpoint, proxy: proxy.address };
    }
    project.provide("engines", engines);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
