// The mini-game box's movement rules (docs/behaviour/support.md#minigame-box). Pure functions: no DOM, no timers.

/** A pointer that moved more than this many pixels from where it went down drags; less is a click. */
export const DRAG_THRESHOLD_PX = 2;
/** A click within this time of the last accepted one is ignored. */
export const CLICK_DEBOUNCE_MS = 250;
/** The box keeps this share of the window's width from every edge. */
export const BOUNDS_MARGIN_RATIO = 0.02;
/** How often the bounds are checked again (rotation, resize, browser bars). */
export const BOUNDS_POLL_MS = 250;
/** One arrow-key press moves the box this far. */
export const KEY_STEP_PX = 16;
/** Where the box starts, as a share of the window's height. */
export const START_TOP_RATIO = 0.6;

export type Point = { x: number; y: number };
export type Size = { width: number; height: number };
export type Bounds = { minX: number; maxX: number; minY: number; maxY: number };

/** The area the box's top-left corner may be in: the window less the margin, less the box's own size. */
export function boundsFor(viewport: Size, box: Size): Bounds {
  const margin = Math.round(viewport.width * BOUNDS_MARGIN_RATIO);
  const minX = margin;
  const minY = margin;
  // A box larger than the window sits at the margin.
  const maxX = Math.max(minX, viewport.width - box.width - margin);
  const maxY = Math.max(minY, viewport.height - box.height - margin);
  return { minX, maxX, minY, maxY };
}

export function clampToBounds(point: Point, bounds: Bounds): Point {
  return {
    x: Math.min(bounds.maxX, Math.max(bounds.minX, point.x)),
    y: Math.min(bounds.maxY, Math.max(bounds.minY, point.y)),
  };
}

/** True once the pointer has moved past the threshold (in either axis combined). */
export function isDrag(start: Point, current: Point): boolean {
  return Math.hypot(current.x - start.x, current.y - start.y) > DRAG_THRESHOLD_PX;
}

/** The box's position while dragging: where it was plus how far the pointer moved, kept inside the bounds. */
export function dragTo(origin: Point, start: Point, current: Point, bounds: Bounds): Point {
  return clampToBounds({ x: origin.x + current.x - start.x, y: origin.y + current.y - start.y }, bounds);
}

/** The starting place: the inline-end side (right in left-to-right pages, left in right-to-left), lower part. */
export function startPosition(viewport: Size, box: Size, direction: "ltr" | "rtl"): Point {
  const bounds = boundsFor(viewport, box);
  return clampToBounds({ x: direction === "rtl" ? bounds.minX : bounds.maxX, y: Math.round(viewport.height * START_TOP_RATIO) }, bounds);
}

/** An arrow key's move (null for other keys), kept inside the bounds. Left and right are on screen, whatever the direction. */
export function keyMove(point: Point, key: string, bounds: Bounds): Point | null {
  const step: Record<string, Point> = {
    ArrowLeft: { x: -KEY_STEP_PX, y: 0 },
    ArrowRight: { x: KEY_STEP_PX, y: 0 },
    ArrowUp: { x: 0, y: -KEY_STEP_PX },
    ArrowDown: { x: 0, y: KEY_STEP_PX },
  };
  const delta = step[key];
  if (!delta) return null;
  return clampToBounds({ x: point.x + delta.x, y: point.y + delta.y }, bounds);
}

/** Whether a click at `now` counts, given the last accepted one (null: none yet). */
export function acceptClick(lastAcceptedAt: number | null, now: number): boolean {
  return lastAcceptedAt === null || now - lastAcceptedAt >= CLICK_DEBOUNCE_MS;
}
