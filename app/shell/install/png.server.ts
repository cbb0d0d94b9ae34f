// The rasteriser for the home-screen icons and iOS splash images (docs/decisions/0017): a rounded square in the brand
// colour with the brand's initial. The PNG writer and the 5×7 font are shared with the sandbox platform (app/lib).
import { GLYPH_H, GLYPH_W, glyphFor } from "../../lib/bitmap-font";
import type { Raster } from "../../lib/png";

export type Rgb = readonly [number, number, number];

/** "#1f6feb" → [31, 111, 235]. The merchant config has already checked the format. */
export function parseHexColour(hex: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(match[1]!, 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function channelLuminance(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channelLuminance(r) + 0.7152 * channelLuminance(g) + 0.0722 * channelLuminance(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [17, 17, 17];

/** White on the brand colour unless dark ink reads better (WCAG contrast). */
export function foregroundFor(background: Rgb): Rgb {
  return contrastRatio(WHITE, background) >= contrastRatio(INK, background) ? WHITE : INK;
}

/** The glyph drawn on the icon: the name's first Latin letter or digit (accents removed), else a star. */
export function initialFor(name: string): string {
  const plain = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
  const found = /[A-Z0-9]/.exec(plain);
  return found ? found[0] : "*";
}

// ---------------------------------------------------------------------------------------------------------------
// Rasterising: a rounded square with anti-aliased edges (signed distance) and a box-filtered bitmap glyph.

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/** Coverage of the pixel whose centre is (px, py) by a rounded rectangle; 1 inside, 0 outside, soft over one pixel. */
function roundedRectCoverage(px: number, py: number, x0: number, y0: number, size: number, radius: number): number {
  const half = size / 2;
  const dx = Math.abs(px - (x0 + half)) - (half - radius);
  const dy = Math.abs(py - (y0 + half)) - (half - radius);
  const outside = Math.hypot(Math.max(dx, 0), Math.max(dy, 0));
  const inside = Math.min(Math.max(dx, dy), 0);
  const distance = outside + inside - radius;
  return clamp01(0.5 - distance);
}

/** Overlap of [a0, a1) and [b0, b1). */
function overlap(a0: number, a1: number, b0: number, b1: number): number {
  return Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
}

/** Coverage of pixel (x, y) (its square [x, x+1)²) by the glyph laid out at (gx, gy) with cells of side `cell`. */
function glyphCoverage(rows: readonly string[], x: number, y: number, gx: number, gy: number, cell: number): number {
  const c0 = Math.max(0, Math.floor((x - gx) / cell));
  const c1 = Math.min(GLYPH_W - 1, Math.floor((x + 1 - gx) / cell));
  const r0 = Math.max(0, Math.floor((y - gy) / cell));
  const r1 = Math.min(GLYPH_H - 1, Math.floor((y + 1 - gy) / cell));
  let area = 0;
  for (let r = r0; r <= r1; r++) {
    const row = rows[r]!;
    for (let c = c0; c <= c1; c++) {
      if (row[c] !== "1") continue;
      const cx = gx + c * cell;
      const cy = gy + r * cell;
      area += overlap(x, x + 1, cx, cx + cell) * overlap(y, y + 1, cy, cy + cell);
    }
  }
  return clamp01(area);
}

export type IconStyle = {
  /** Fill of the square. */
  colour: Rgb;
  /** The glyph (see initialFor). */
  letter: string;
  /** "rounded": transparent corners (purpose "any"); "full": edge to edge, glyph inside the safe zone (purpose "maskable"). */
  shape: "rounded" | "full";
};

type Painter = {
  width: number;
  channels: 3 | 4;
  pixels: Uint8Array;
};

/** Paints the icon into the `size`-pixel square at (left, top) of a raster, blending over what is there. */
function paintIcon(target: Painter, left: number, top: number, size: number, style: IconStyle): void {
  const fg = foregroundFor(style.colour);
  const rows = glyphFor(style.letter, "*");
  const radius = style.shape === "rounded" ? size * 0.2 : 0;
  // Glyph height: 55 % of the icon (45 % for maskable, whose outer ring may be cropped to a circle).
  const cell = (size * (style.shape === "full" ? 0.45 : 0.55)) / GLYPH_H;
  const gx = left + (size - GLYPH_W * cell) / 2;
  const gy = top + (size - GLYPH_H * cell) / 2;
  const { width, channels, pixels } = target;
  for (let y = top; y < top + size; y++) {
    for (let x = left; x < left + size; x++) {
      const shapeAlpha = style.shape === "full" ? 1 : roundedRectCoverage(x + 0.5, y + 0.5, left, top, size, radius);
      if (shapeAlpha === 0) continue;
      const ink =
        x + 1 > gx && x < gx + GLYPH_W * cell && y + 1 > gy && y < gy + GLYPH_H * cell ? glyphCoverage(rows, x, y, gx, gy, cell) : 0;
      const at = (y * width + x) * channels;
      // Over a transparent or partly transparent pixel ("over" compositing, non-premultiplied); RGB targets are opaque.
      const dstA = channels === 4 ? pixels[at + 3]! / 255 : 1;
      const outA = shapeAlpha + dstA * (1 - shapeAlpha);
      for (let i = 0; i < 3; i++) {
        const src = style.colour[i]! * (1 - ink) + fg[i]! * ink;
        pixels[at + i] = outA === 0 ? 0 : Math.round((src * shapeAlpha + pixels[at + i]! * dstA * (1 - shapeAlpha)) / outA);
      }
      if (channels === 4) pixels[at + 3] = Math.round(outA * 255);
    }
  }
}

/** A square RGBA icon. */
export function renderIcon(size: number, style: IconStyle): Raster {
  const pixels = new Uint8Array(size * size * 4);
  paintIcon({ width: size, channels: 4, pixels }, 0, 0, size, style);
  return { width: size, height: size, channels: 4, pixels };
}

/** An opaque RGB splash image: the background colour with the rounded icon in the middle (a quarter of the short side). */
export function renderSplash(width: number, height: number, background: Rgb, icon: Omit<IconStyle, "shape">): Raster {
  const pixels = new Uint8Array(width * height * 3);
  const row = new Uint8Array(width * 3);
  for (let x = 0; x < width; x++) row.set(background, x * 3);
  for (let y = 0; y < height; y++) pixels.set(row, y * width * 3);
  const size = Math.round(Math.min(width, height) / 4);
  paintIcon({ width, channels: 3, pixels }, Math.round((width - size) / 2), Math.round((height - size) / 2), size, {
    ...icon,
    shape: "rounded",
  });
  return { width, height, channels: 3, pixels };
}
