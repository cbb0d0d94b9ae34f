import { describe, expect, it } from "vitest";
import {
  acceptClick,
  boundsFor,
  clampToBounds,
  dragTo,
  isDrag,
  keyMove,
  startPosition,
  BOUNDS_MARGIN_RATIO,
  CLICK_DEBOUNCE_MS,
  KEY_STEP_PX,
} from "../../../app/minigame/drag";

const PHONE = { width: 360, height: 740 };
const BOX = { width: 64, height: 64 };

describe("mini-game drag rules", () => {
  it("bounds keep 2 % of the window's width from every edge", () => {
    expect(BOUNDS_MARGIN_RATIO).toBe(0.02);
    // 2 % of 360 = 7.2, rounded to 7.
    expect(boundsFor(PHONE, BOX)).toEqual({ minX: 7, maxX: 360 - 64 - 7, minY: 7, maxY: 740 - 64 - 7 });
  });

  it("a box larger than the window sits at the margin", () => {
    expect(boundsFor({ width: 50, height: 50 }, BOX)).toEqual({ minX: 1, maxX: 1, minY: 1, maxY: 1 });
  });

  it("clamps a point into the bounds", () => {
    const bounds = boundsFor(PHONE, BOX);
    expect(clampToBounds({ x: -100, y: 9999 }, bounds)).toEqual({ x: 7, y: 669 });
    expect(clampToBounds({ x: 100, y: 100 }, bounds)).toEqual({ x: 100, y: 100 });
  });

  it("a move of 2 px or less is a click; more is a drag", () => {
    expect(isDrag({ x: 10, y: 10 }, { x: 12, y: 10 })).toBe(false);
    expect(isDrag({ x: 10, y: 10 }, { x: 11, y: 11 })).toBe(false);
    expect(isDrag({ x: 10, y: 10 }, { x: 12.5, y: 10 })).toBe(true);
    expect(isDrag({ x: 10, y: 10 }, { x: 12, y: 12 })).toBe(true);
  });

  it("drags by the pointer's movement, never out of bounds", () => {
    const bounds = boundsFor(PHONE, BOX);
    expect(dragTo({ x: 100, y: 100 }, { x: 130, y: 130 }, { x: 150, y: 90 }, bounds)).toEqual({ x: 120, y: 60 });
    expect(dragTo({ x: 100, y: 100 }, { x: 130, y: 130 }, { x: 1000, y: -1000 }, bounds)).toEqual({ x: 289, y: 7 });
  });

  it("starts at the inline-end side: right in LTR, left in RTL", () => {
    expect(startPosition(PHONE, BOX, "ltr")).toEqual({ x: 289, y: 444 });
    expect(startPosition(PHONE, BOX, "rtl")).toEqual({ x: 7, y: 444 });
  });

  it("stays inside after a rotation: the old place is clamped into the new bounds", () => {
    const portrait = startPosition(PHONE, BOX, "ltr");
    const landscape = boundsFor({ width: 740, height: 360 }, BOX);
    const after = clampToBounds(portrait, landscape);
    expect(after.y).toBeLessThanOrEqual(360 - 64 - landscape.minY);
    expect(after.x).toBe(portrait.x);
  });

  it("arrow keys move by one step within the bounds; other keys do nothing", () => {
    const bounds = boundsFor(PHONE, BOX);
    expect(keyMove({ x: 100, y: 100 }, "ArrowLeft", bounds)).toEqual({ x: 100 - KEY_STEP_PX, y: 100 });
    expect(keyMove({ x: 100, y: 100 }, "ArrowDown", bounds)).toEqual({ x: 100, y: 100 + KEY_STEP_PX });
    expect(keyMove({ x: 7, y: 7 }, "ArrowUp", bounds)).toEqual({ x: 7, y: 7 });
    expect(keyMove({ x: 100, y: 100 }, "Enter", bounds)).toBeNull();
  });

  it("debounces clicks: 250 ms after the last accepted one", () => {
    expect(CLICK_DEBOUNCE_MS).toBe(250);
    expect(acceptClick(null, 1000)).toBe(true);
    expect(acceptClick(1000, 1249)).toBe(false);
    expect(acceptClick(1000, 1250)).toBe(true);
  });
});
