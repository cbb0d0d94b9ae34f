// The two engines of the cross-engine suite behind one small page interface (decision 0076): WebKit (WebKitGTK's
// MiniBrowser through WebKitWebDriver, under Xvfb) and Firefox ESR (through WebDriver BiDi, with puppeteer-core).
// Both are Debian's packages; nothing is downloaded. Tests find elements with the same in-page locator in both.
import puppeteer, { type ElementHandle, type Page } from "puppeteer-core";
import { inject } from "vitest";
import { MINIBROWSER, type EngineName } from "./browsers";
import { setProxyOffline, setProxyRefused } from "./collector-proxy";
import { COLLECTOR, COLLECTOR_KEY, ERRORS_KEY, LOCATE, describeLocator, type Locator } from "./in-page";
import { waitUntil } from "./wait";
import { WebDriverSession, isElement, type WebDriverElement } from "./webdriver";

/** A phone-sized viewport, as the Playwright suite's. */
const WIDTH = 360;
const HEIGHT = 740;

/** A page in one engine; a fresh profile (no cookies, storage or service worker) for each. */
export interface EnginePage {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  back(): Promise<void>;
  url(): Promise<string>;
  title(): Promise<string>;
  /** Runs a function's source in the page with JSON arguments; its (awaited) JSON result. */
  evaluate<T>(fn: string, ...args: unknown[]): Promise<T>;
  /** Waits for the element and clicks it as the driver's pointer does. */
  click(locator: Locator): Promise<void>;
  /** Waits for the field, empties it and types `text` into it key by key. */
  fill(locator: Locator, text: string): Promise<void>;
  /** Waits for the select and chooses the option with this visible text, as a person does. */
  select(locator: Locator, optionText: string): Promise<void>;
  addCookie(cookie: { name: string; value: string; path: string }): Promise<void>;
  /** Names of the cookies the page's origin has, and whether each is HttpOnly. */
  cookies(): Promise<{ name: string; httpOnly: boolean }[]>;
  /**
   * The player's first touch of the page, as a key press that changes nothing (Shift): the layers that wait for it (the
   * app-like layer with the service worker, tracking, push) load then, not 10 s in (docs/behaviour/shell.md#script-budget).
   */
  touch(): Promise<void>;
  /** Cuts (or restores) the network between this browser and every server. */
  setOffline(offline: boolean): Promise<void>;
  /** Fails at the network level every request whose path matches `pattern` (null: none). */
  refuse(pattern: RegExp | null): Promise<void>;
  close(): Promise<void>;
}

/**
 * Reads (without clearing) the errors the collector recorded in this tab for the current origin: the pages of the
 * product the test visited there, even when it ends on a page without the collector (the sandbox's game page).
 */
export async function pageErrors(page: EnginePage): Promise<string[]> {
  const found = await page.evaluate<string[] | null>(
    `(errors, ran) => sessionStorage.getItem(ran) ? JSON.parse(sessionStorage.getItem(errors) || "[]") : null`,
    ERRORS_KEY,
    COLLECTOR_KEY,
  );
  if (found === null) throw new Error(`${page.engine}: the error collector is not in ${await page.url()}`);
  return found;
}

export type PageOptions = {
  /** Another browser's user agent (an iPhone's Safari for WebKit), where a test is about what the product does for it. */
  userAgent?: string;
};

/** One engine's browser for a test file: opens a fresh page per test. */
export interface Engine {
  readonly name: EngineName;
  newPage(options?: PageOptions): Promise<EnginePage>;
  stop(): Promise<void>;
}

/** Connects to the engine's browser the suite's global setup started (support/global-setup.ts). */
export async function startEngine(name: EngineName): Promise<Engine> {
  const running = inject("engines")[name];
  if (!running) throw new Error(`${name} was not started by the global setup (ENGINES=${process.env.ENGINES ?? ""})`);
  const engine = name === "webkit" ? connectWebKit(running.endpoint, running.proxy) : await connectFirefox(running.endpoint, running.proxy);
  return {
    ...engine,
    async newPage(options) {
      // A test left offline (or refusing a file) by a failure must not leave the next one so.
      await setProxyOffline(running.proxy, false);
      await setProxyRefused(running.proxy, null);
      return engine.newPage(options);
    },
  };
}

// ---------------------------------------------------------------- WebKit

function connectWebKit(driver: string, proxy: string): Engine {
  return {
    name: "webkit",
    newPage: (options) => openWebKitPage(driver, proxy, options ?? {}),
    async stop() {},
  };
}

async function openWebKitPage(driver: string, proxy: string, options: PageOptions): Promise<EnginePage> {
  const session = await WebDriverSession.create(driver, {
    // Through the collector proxy: the error collector runs before the page's scripts (support/collector-proxy.ts).
    proxy: { proxyType: "manual", httpProxy: proxy },
    "webkitgtk:browserOptions": {
      binary: MINIBROWSER,
      args: ["--automation", ...(options.userAgent ? [`--user-agent=${options.userAgent}`] : [])],
    },
  });
  await session.setWindowSize(WIDTH, HEIGHT);
  const find = (locator: Locator) =>
    waitUntil(describeLocator(locator), async () => {
      const found = await session.execute(`return (${LOCATE})(arguments[0]);`, [locator]);
      return isElement(found) ? found : undefined;
    });
  const run = async <T>(fn: string, args: unknown[]): Promise<T> => {
    // Promises are awaited in the page; the synchronous command returns the settled value.
    return (await session.execute(`return Promise.resolve((${fn}).apply(null, arguments));`, args)) as T;
  };
  return {
    engine: "webkit",
    goto: (url) => session.navigate(url),
    reload: () => session.refresh(),
    back: () => session.back(),
    url: () => session.url(),
    title: () => session.title(),
    evaluate: (fn, ...args) => run(fn, args),
    async click(locator) {
      const element = await find(locator);
      // WebDriver clicks only where the element is not covered: a person scrolls a button out from under the
      // page's fixed bars (the download bar) before tapping it.
      await session.execute(`arguments[0].scrollIntoView({ block: "center" });`, [element]);
      await session.click(element);
    },
    async fill(locator, text) {
      const element: WebDriverElement = await find(locator);
      await session.clear(element);
      await session.type(element, text);
    },
    async select(locator, optionText) {
      const select = await find(locator);
      const option = await session.execute(
        `return Array.from(arguments[0].options).find((o) => o.textContent.trim() === arguments[1]) || null;`,
        [select, optionText],
      );
      if (!isElement(option)) throw new Error(`no option "${optionText}" in ${describeLocator(locator)}`);
      // WebDriver selects an <option> by clicking it (it fires input and change, as a person's choice does).
      await session.click(option);
    },
    addCookie: (cookie) => session.addCookie(cookie),
    async cookies() {
      return (await session.cookies()).map((cookie) => ({ name: cookie.name, httpOnly: cookie.httpOnly === true }));
    },
    touch: () => session.pressKey("\uE008"),
    setOffline: (offline) => setProxyOffline(proxy, offline),
    refuse: (pattern) => setProxyRefused(proxy, pattern),
    close: () => session.delete(),
  };
}

// ---------------------------------------------------------------- Firefox

async function connectFirefox(endpoint: string, proxy: string): Promise<Engine> {
  const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, protocol: "webDriverBiDi" });
  return {
    name: "firefox",
    async newPage(options) {
      // A user context per page: its own cookies, storage and service workers.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      if (options?.userAgent) await page.setUserAgent({ userAgent: options.userAgent });
      await page.setViewport({ width: WIDTH, height: HEIGHT });
      // A WebDriver BiDi preload script: runs in each document before the page's own scripts.
      await page.evaluateOnNewDocument(COLLECTOR);
      return firefoxPage(page, proxy, async () => context.close());
    },
    async stop() {
      // Ends this file's session; the browser runs on for the next file.
      await browser.disconnect();
    },
  };
}

function firefoxPage(page: Page, proxy: string, close: () => Promise<void>): EnginePage {
  const find = (locator: Locator): Promise<ElementHandle<Element>> =>
    waitUntil(describeLocator(locator), async () => {
      const handle = await page.evaluateHandle(`(${LOCATE})(${JSON.stringify(locator)})`);
      const element = handle.asElement() as ElementHandle<Element> | null;
      if (element) return element;
      await handle.dispose();
      return undefined;
    });
  return {
    engine: "firefox",
    async goto(url) {
      await page.goto(url);
    },
    async reload() {
      await page.reload();
    },
    async back() {
      await page.goBack();
    },
    url: async () => page.url(),
    title: () => page.title(),
    evaluate: <T>(fn: string, ...args: unknown[]) => page.evaluate(`(${fn})(...${JSON.stringify(args)})`) as Promise<T>,
    async click(locator) {
      const element = await find(locator);
      await element.click();
      await element.dispose();
    },
    async fill(locator, text) {
      const element = await find(locator);
      await element.click({ count: 3 });
      await page.keyboard.press("Backspace");
      await element.type(text);
      await element.dispose();
    },
    async select(locator, optionText) {
      const element = await find(locator);
      const value = await element.evaluate(
        (select, label) => Array.from(select.querySelectorAll("option")).find((o) => o.textContent?.trim() === label)?.value,
        optionText,
      );
      if (value === undefined) throw new Error(`no option "${optionText}" in ${describeLocator(locator)}`);
      await element.select(value);
      await element.dispose();
    },
    async addCookie(cookie) {
      await page.setCookie({ ...cookie, url: page.url() });
    },
    async cookies() {
      return (await page.cookies()).map((cookie) => ({ name: cookie.name, httpOnly: cookie.httpOnly === true }));
    },
    async touch() {
      await page.keyboard.press("Shift");
    },
    setOffline: (offline) => setProxyOffline(proxy, offline),
    refuse: (pattern) => setProxyRefused(proxy, pattern),
    close,
  };
}

/** Fails with the locator's description unless it finds a visible element within the wait. */
export async function expectVisible(page: EnginePage, locator: Locator): Promise<void> {
  await waitUntil(`${describeLocator(locator)} to be visible`, async () =>
    (await page.evaluate<boolean>(`(l) => !!(${LOCATE})(l)`, locator)) ? true : undefined,
  );
}

/** Waits until no visible element matches the locator. */
export async function expectGone(page: EnginePage, locator: Locator): Promise<void> {
  await waitUntil(`${describeLocator(locator)} to be gone`, async () =>
    (await page.evaluate<boolean>(`(l) => !(${LOCATE})(l)`, locator)) ? true : undefined,
  );
}

/** The visible text of the element the locator finds (whitespace collapsed), once it is there. */
export async function textOf(page: EnginePage, locator: Locator): Promise<string> {
  return waitUntil(describeLocator(locator), async () => {
    const text = await page.evaluate<string | null>(
      `(l) => { const el = (${LOCATE})(l); return el ? el.textContent.replace(/\\s+/g, " ").trim() : null; }`,
      locator,
    );
    return text ?? undefined;
  });
}

/** The value of the field the locator finds. */
export async function valueOf(page: EnginePage, locator: Locator): Promise<string> {
  return waitUntil(describeLocator(locator), async () => {
    const value = await page.evaluate<string | null>(`(l) => { const el = (${LOCATE})(l); return el ? el.value : null; }`, locator);
    return value ?? undefined;
  });
}

/** Waits until the address's path (and search) matches. */
export async function expectUrl(page: EnginePage, pattern: RegExp): Promise<string> {
  return waitUntil(`the address to match ${pattern}`, async () => {
    const url = await page.url();
    return pattern.test(url) ? url : undefined;
  });
}

/**
 * Until the page's title is `title`. Read once right after a navigation, Firefox over WebDriver BiDi once answered ""
 * for a page whose title was already there (a fresh clone's run): the title is waited for like anything else.
 */
export async function expectTitle(page: EnginePage, title: string): Promise<void> {
  await waitUntil(`the title "${title}"`, async () => ((await page.title()) === title ? true : undefined));
}

/** Waits for `fn` (a function source, no arguments) to be true in the page; `what` names it in a timeout. */
export async function waitForPage(page: EnginePage, what: string, fn: string): Promise<void> {
  await waitUntil(what, async () => ((await page.evaluate<boolean>(fn)) ? true : undefined));
}

/** True once React has hydrated the document (Remix sets __remixRouter when the client router starts). */
export async function waitForHydration(page: EnginePage): Promise<void> {
  await waitForPage(page, "hydration", `() => "__remixRouter" in window && document.readyState === "complete"`);
}
