// The update check's timers and page events (docs/behaviour/install.md#update-check, #resume-reload), on a fake clock
// and a stand-in page: the hourly re-check, the re-check when the tab is visible again, the iOS 12 resume reload and the
// reload of a page restored from the back/forward cache.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHECK_INTERVAL_MS, MIN_RECHECK_MS, startUpdateCheck } from "~/shell/update/update-check";

const IOS_12 = "Mozilla/5.0 (iPhone; CPU iPhone OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const IOS_13 = IOS_12.replace("OS 12_5_7", "OS 13_7");

/** A stand-in page: its listeners, its reload, and the fetches it made (the index page answers `indexStatus`). */
function fakePage({ userAgent = "Mozilla/5.0 (Linux; Android 14) Mobile", indexStatus = 200 } = {}) {
  const listeners = new Map<string, (event?: unknown) => void>();
  const on = (type: string, listener: (event?: unknown) => void) => void listeners.set(type, listener);
  const off = (type: string) => void listeners.delete(type);
  const storage = new Map<string, string>();
  const page = { visibilityState: "visible", reload: vi.fn(), fetched: [] as string[] };
  vi.stubGlobal("document", {
    get visibilityState() {
      return page.visibilityState;
    },
    documentElement: { dataset: {} },
    addEventListener: on,
    removeEventListener: off,
  });
  vi.stubGlobal("window", {
    addEventListener: on,
    removeEventListener: off,
    location: { reload: page.reload, pathname: "/m/home" },
    localStorage: { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
  });
  vi.stubGlobal("navigator", { userAgent });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      page.fetched.push(url.split("?")[0]!);
      return new Response("{}", { status: url.startsWith("/m/index.html") ? indexStatus : 200 });
    }),
  );
  /** Manifest reads so far (one check reads both manifests). */
  const checks = () => page.fetched.filter((url) => url === "/m/asset-manifest.json").length;
  const fire = (type: string, event?: unknown) => listeners.get(type)?.(event);
  return { page, checks, fire };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/**
 * Moves the fake clock, then lets the check that started finish: it imports its hash on need (a real module load the
 * fake clock does not run), and a check still running skips the next occasion.
 */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await vi.dynamicImportSettled();
  await vi.advanceTimersByTimeAsync(0);
}

describe("the update check's timers", () => {
  it("checks on start, then again every 3,600,000 ms (one hour), not before", async () => {
    vi.useFakeTimers();
    const { checks } = fakePage();
    const stop = startUpdateCheck({ onUpdate: () => undefined });
    await advance(0);
    expect(checks()).toBe(1);
    expect(CHECK_INTERVAL_MS).toBe(3_600_000);
    await advance(3_600_000 - 1);
    expect(checks()).toBe(1);
    await advance(1);
    expect(checks()).toBe(2);
    await advance(3_600_000);
    expect(checks()).toBe(3);
    stop();
    await advance(3_600_000);
    expect(checks()).toBe(3);
  });

  it("checks again when the tab is visible again (at most every 30 s), not while it is hidden", async () => {
    vi.useFakeTimers();
    const { page, checks, fire } = fakePage();
    startUpdateCheck({ onUpdate: () => undefined });
    await advance(MIN_RECHECK_MS);
    expect(checks()).toBe(1);
    page.visibilityState = "hidden";
    fire("visibilitychange");
    await advance(0);
    expect(checks()).toBe(1);
    page.visibilityState = "visible";
    fire("visibilitychange");
    await advance(0);
    expect(checks()).toBe(2);
    // Switched back and forth at once: no second check within 30 s.
    fire("visibilitychange");
    await advance(0);
    expect(checks()).toBe(2);
  });

  it("iOS 12: visible again reloads when the index page does not answer 200; iOS 13 does not ask", async () => {
    vi.useFakeTimers();
    const ios12 = fakePage({ userAgent: IOS_12, indexStatus: 503 });
    startUpdateCheck({ onUpdate: () => undefined });
    ios12.fire("visibilitychange");
    await vi.advanceTimersByTimeAsync(0);
    expect(ios12.page.fetched).toContain("/m/index.html");
    expect(ios12.page.reload).toHaveBeenCalledTimes(1);

    vi.unstubAllGlobals();
    const answered = fakePage({ userAgent: IOS_12, indexStatus: 200 });
    startUpdateCheck({ onUpdate: () => undefined });
    answered.fire("visibilitychange");
    await vi.advanceTimersByTimeAsync(0);
    expect(answered.page.fetched).toContain("/m/index.html");
    expect(answered.page.reload).not.toHaveBeenCalled();

    vi.unstubAllGlobals();
    const ios13 = fakePage({ userAgent: IOS_13, indexStatus: 503 });
    startUpdateCheck({ onUpdate: () => undefined });
    ios13.fire("visibilitychange");
    await vi.advanceTimersByTimeAsync(0);
    expect(ios13.page.fetched).not.toContain("/m/index.html");
    expect(ios13.page.reload).not.toHaveBeenCalled();
  });

  it("a page restored from the back/forward cache reloads; a fresh page show does not", async () => {
    vi.useFakeTimers();
    const { page, fire } = fakePage();
    startUpdateCheck({ onUpdate: () => undefined });
    fire("pageshow", { persisted: false });
    expect(page.reload).not.toHaveBeenCalled();
    fire("pageshow", { persisted: true });
    expect(page.reload).toHaveBeenCalledTimes(1);
  });
});
