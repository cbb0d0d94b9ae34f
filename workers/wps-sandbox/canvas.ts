// The sandbox's pictures (home banners, download popups, app icons): drawn on a small RGB canvas, encoded and lettered
// with the edge's own PNG writer and 5×7 font, so the sandbox keeps no second copy of either.
import { GLYPH_W, glyphFor } from "../../app/lib/bitmap-font";
import { encodePng } from "../../app/lib/png";

/** Bytes backed by a plain ArrayBuffer (what Blob and Response accept). */
export type Bytes = Uint8Array<ArrayBuffer>;

export type Rgb = readonly [number, number, number];

export class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
  }

  set(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }

  /** A gradient over the whole canvas: top to bottom, or left to right (inline-start to inline-end on a banner). */
  gradient(from: Rgb, to: Rgb, direction: "vertical" | "horizontal" = "vertical"): void {
    const steps = direction === "vertical" ? this.height : this.width;
    for (let s = 0; s < steps; s++) {
      const t = s / (steps - 1);
      const c: Rgb = [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * t)) as unknown as Rgb;
      if (direction === "vertical") for (let x = 0; x < this.width; x++) this.set(x, s, c);
      else for (let y = 0; y < this.height; y++) this.set(s, y, c);
    }
  }

  roundRect(x: number, y: number, w: number, h: number, r: number, colour: Rgb): void {
    for (let py = y; py < y + h; py++) {
      for (let px = x; px < x + w; px++) {
        const dx = Math.max(x + r - px, 0, px - (x + w - 1 - r));
        const dy = Math.max(y + r - py, 0, py - (y + h - 1 - r));
        if (dx * dx + dy * dy <= r * r) this.set(px, py, colour);
      }
    }
  }

  circle(cx: number, cy: number, r: number, colour: Rgb, highlight?: Rgb): void {
    for (let py = cy - r; py <= cy + r; py++) {
      for (let px = cx - r; px <= cx + r; px++) {
        const d = (px - cx) ** 2 + (py - cy) ** 2;
        if (d > r * r) continue;
        const h = highlight && (px - (cx - r / 3)) ** 2 + (py - (cy - r / 3)) ** 2 < (r / 3) ** 2;
        this.set(px, py, h ? highlight : colour);
      }
    }
  }

  /** A downward arrow onto a tray: the universal "download" sign. */
  downloadSign(cx: number, top: number, size: number, colour: Rgb): void {
    const stem = Math.round(size / 5);
    this.roundRect(cx - stem / 2, top, stem, size * 0.55, 2, colour);
    const headTop = top + size * 0.4;
    const headH = size * 0.35;
    for (let y = 0; y < headH; y++) {
      const half = (size * 0.4 * (headH - y)) / headH;
      for (let x = -half; x <= half; x++) this.set(cx + x, headTop + y, colour);
    }
    this.roundRect(cx - size * 0.45, top + size * 0.85, size * 0.9, stem * 0.8, 2, colour);
  }

  text(text: string, cx: number, top: number, scale: number, colour: Rgb): void {
    const advance = 6 * scale;
    let x = Math.round(cx - (text.length * advance - scale) / 2);
    for (const ch of text) {
      glyphFor(ch, " ").forEach((row, gy) => {
        for (let gx = 0; gx < GLYPH_W; gx++) {
          if (row[gx] !== "1") continue;
          for (let sy = 0; sy < scale; sy++)
            for (let sx = 0; sx < scale; sx++) this.set(x + gx * scale + sx, top + gy * scale + sy, colour);
        }
      });
      x += advance;
    }
  }

  png(): Promise<Bytes> {
    return encodePng({ width: this.width, height: this.height, channels: 3, pixels: this.pixels });
  }
}

export const WHITE: Rgb = [255, 255, 255];
export const GOLD: Rgb = [255, 213, 79];

/** Each demo merchant's colours and the name its pictures carry; other merchants get demo's. */
const MERCHANT_COLOURS: Record<string, { top: Rgb; bottom: Rgb; accent: Rgb; brand: string }> = {
  demo: { top: [31, 111, 235], bottom: [11, 26, 51], accent: GOLD, brand: "DEMO PLAY" },
  vn88: { top: [198, 40, 40], bottom: [74, 12, 12], accent: GOLD, brand: "VN88" },
  br777: { top: [0, 137, 123], bottom: [0, 46, 40], accent: [255, 235, 59], brand: "BR777" },
};

export function merchantColours(merchantCode: string) {
  return MERCHANT_COLOURS[merchantCode] ?? MERCHANT_COLOURS.demo!;
}

const DRAWN = new Map<string, Promise<Bytes>>();

/** A picture drawn once per Worker instance: the same key answers the same bytes. */
export function drawnOnce(key: string, draw: () => Promise<Bytes>): Promise<Bytes> {
  let image = DRAWN.get(key);
  if (!image) {
    image = draw();
    DRAWN.set(key, image);
  }
  return image;
}
