// Taps and keys held from React until Remix has decoded the page's data (docs/behaviour/shell.md#script-priority).
import { describe, expect, it } from "vitest";
import { holdInputUntilDataDecoded } from "~/shell/hydration-input-guard";

/** Dispatches an event at the stand-in window; true when a listener stopped it before React's document would see it. */
function stoppedAtWindow(win: EventTarget, type: string): boolean {
  const event = new Event(type);
  win.dispatchEvent(event);
  return event.cancelBubble;
}

describe("holdInputUntilDataDecoded", () => {
  it("stops a tap's, a key's and a form's events at the window while the data is not decoded", () => {
    const win = new EventTarget();
    holdInputUntilDataDecoded(win, () => false);
    for (const type of ["pointerdown", "touchstart", "mousedown", "click", "keydown", "keyup", "input", "change", "submit"]) {
      expect(stoppedAtWindow(win, type), type).toBe(true);
    }
  });

  it("lets events React does not hydrate for (a scroll, a focus, a pointer moving) through", () => {
    const win = new EventTarget();
    holdInputUntilDataDecoded(win, () => false);
    for (const type of ["scroll", "focusin", "pointermove", "mouseover", "wheel"]) {
      expect(stoppedAtWindow(win, type), type).toBe(false);
    }
  });

  it("lets everything through once the data is decoded, and stops asking after the first event then", () => {
    const win = new EventTarget();
    let decoded = false;
    let asked = 0;
    holdInputUntilDataDecoded(win, () => {
      asked += 1;
      return decoded;
    });
    expect(stoppedAtWindow(win, "keydown")).toBe(true);
    decoded = true;
    expect(stoppedAtWindow(win, "click")).toBe(false);
    expect(stoppedAtWindow(win, "keydown")).toBe(false);
    expect(stoppedAtWindow(win, "pointerdown")).toBe(false);
    expect(asked).toBe(2);
  });
});
