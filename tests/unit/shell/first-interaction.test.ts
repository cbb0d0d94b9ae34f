// The later layers' trigger (docs/behaviour/shell.md#later-layers): the player's first touch, noted by the line in
// <head>, or 10 s after the navigation began; then the browser's next idle moment.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterFirstInteraction, INTERACTION_EVENT, LATER_MS } from "~/shell/later/first-interaction";
import { FIRST_INTERACTION_CAPTURE } from "~/shell/later/FirstInteractionCapture";

type StandIn = EventTarget & {
  __mcInteracted?: boolean;
  requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** A stand-in window: real events, idle callbacks that come 50 ms later (or none, as in Safari). */
function standInWindow({ idleCallbacks = true } = {}): StandIn {
  const win = new EventTarget() as StandIn;
  if (idleCallbacks) {
    win.requestIdleCallback = (run) => setTimeout(run, 50) as unknown as number;
    win.cancelIdleCallback = (handle) => clearTimeout(handle);
  }
  vi.stubGlobal("window", win);
  return win;
}

/** Runs the line in <head> against the stand-in, as the browser runs it on the page's window. */
function runCapture(win: StandIn): void {
  new Function("window", "addEventListener", "removeEventListener", "dispatchEvent", FIRST_INTERACTION_CAPTURE)(
    win,
    win.addEventListener.bind(win),
    win.removeEventListener.bind(win),
    win.dispatchEvent.bind(win),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(performance, "now").mockReturnValue(1_000);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the line in <head>", () => {
  it("notes the first key, touch, pointer or wheel once, and announces it once", () => {
    for (const kind of ["keydown", "pointerdown", "touchstart", "wheel"]) {
      const win = standInWindow();
      runCapture(win);
      const announced = vi.fn();
      win.addEventListener(INTERACTION_EVENT, announced);
      expect(win.__mcInteracted).toBeUndefined();
      win.dispatchEvent(new Event(kind));
      win.dispatchEvent(new Event(kind));
      win.dispatchEvent(new Event("keydown"));
      expect(win.__mcInteracted).toBe(true);
      expect(announced).toHaveBeenCalledTimes(1);
    }
  });

  it("ignores what the page can do by itself (a load, a resize, a scroll)", () => {
    const win = standInWindow();
    runCapture(win);
    win.dispatchEvent(new Event("load"));
    win.dispatchEvent(new Event("scroll"));
    win.dispatchEvent(new Event("resize"));
    expect(win.__mcInteracted).toBeUndefined();
  });
});

describe("afterFirstInteraction", () => {
  it("runs at the idle moment after the first touch, not before it", () => {
    const win = standInWindow();
    runCapture(win);
    const then = vi.fn();
    afterFirstInteraction(then);
    vi.advanceTimersByTime(5_000);
    expect(then).not.toHaveBeenCalled();
    win.dispatchEvent(new Event("pointerdown"));
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(then).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(LATER_MS);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it("runs for a touch that came before it was asked (before the page's scripts ran)", () => {
    const win = standInWindow();
    runCapture(win);
    win.dispatchEvent(new Event("keydown"));
    const then = vi.fn();
    afterFirstInteraction(then);
    vi.advanceTimersByTime(50);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it("untouched, runs 10 s after the navigation began (performance.now), then at the idle moment", () => {
    standInWindow();
    const then = vi.fn();
    // Asked 1 s into the page's life: 9 s to go.
    afterFirstInteraction(then);
    vi.advanceTimersByTime(LATER_MS - 1_000 - 1);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1 + 50);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it("without idle callbacks (Safari), 200 ms after the touch", () => {
    const win = standInWindow({ idleCallbacks: false });
    runCapture(win);
    const then = vi.fn();
    afterFirstInteraction(then);
    win.dispatchEvent(new Event("touchstart"));
    vi.advanceTimersByTime(199);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it("cancelled (the component went away), it never runs: before the touch or while waiting for the idle moment", () => {
    const win = standInWindow();
    runCapture(win);
    const before = vi.fn();
    afterFirstInteraction(before)();
    const waiting = vi.fn();
    const cancel = afterFirstInteraction(waiting);
    win.dispatchEvent(new Event("keydown"));
    cancel();
    vi.advanceTimersByTime(LATER_MS * 2);
    expect(before).not.toHaveBeenCalled();
    expect(waiting).not.toHaveBeenCalled();
  });
});
