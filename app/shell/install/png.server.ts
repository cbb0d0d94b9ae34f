// A tiny PNG writer and rasteriser for the home-screen icons and iOS splash images (docs/decisions/0017).
// No image library: 8-bit RGB or RGBA scanlines, filter 0, zlib through CompressionStream("deflate")
// (the zlib format PNG wants; available in workerd and in Node 22), chunk checksums from a CRC-32 table.

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

// ---------------------------------------------------------------------------------------------------------------
// PNG encoding

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO-HDLC, the one PNG and zlib's crc32 use). */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

async function zlibDeflate(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([data]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

export type Raster = {
  width: number;
  height: number;
  /** 3: RGB, 4: RGBA (non-premultiplied). */
  channels: 3 | 4;
  pixels: Uint8Array;
};

export async function encodePng({ width, height, channels, pixels }: Raster): Promise<Uint8Array<ArrayBuffer>> {
  const stride = width * channels;
  if (pixels.length !== stride * height) throw new Error("pixel buffer does not match the size");
  // Each scanline starts with its filter type; 0 (None) keeps this simple and solid areas still compress to almost nothing.
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);

  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = channels === 4 ? 6 : 2; // colour type: truecolour with alpha, or truecolour
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method 0
  header[12] = 0; // no interlace

  const parts = [
    Uint8Array.from(SIGNATURE),
    chunk("IHDR", header),
    chunk("IDAT", await zlibDeflate(raw)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// A 5×7 bitmap font: digits and Latin capitals, enough for a brand's initial.

const FONT: Record<string, readonly string[]> = {
  A: ["01110", "10001", "10001", "11111", "10001", "10001", "10001"],
  B: ["11110", "10001", "10001", "11110", "10001", "10001", "11110"],
  C: ["01110", "10001", "10000", "10000", "10000", "10001", "01110"],
  D: ["11100", "10010", "10001", "10001", "10001", "10010", "11100"],
  E: ["11111", "10000", "10000", "11110", "10000", "10000", "11111"],
  F: ["11111", "10000", "10000", "11110", "10000", "10000", "10000"],
  G: ["01110", "10001", "10000", "10111", "10001", "10001", "01111"],
  H: ["10001", "10001", "10001", "11111", "10001", "10001", "10001"],
  I: ["01110", "00100", "00100", "00100", "00100", "00100", "01110"],
  J: ["00111", "00010", "00010", "00010", "00010", "10010", "01100"],
  K: ["10001", "10010", "10100", "11000", "10100", "10010", "10001"],
  L: ["10000", "10000", "10000", "10000", "10000", "10000", "11111"],
  M: ["10001", "11011", "10101", "10101", "10001", "10001", "10001"],
  N: ["10001", "10001", "11001", "10101", "10011", "10001", "10001"],
  O: ["01110", "10001", "10001", "10001", "10001", "10001", "01110"],
  P: ["11110", "10001", "10001", "11110", "10000", "10000", "10000"],
  Q: ["01110", "10001", "10001", "10001", "10101", "10010", "01101"],
  R: ["11110", "10001", "10001", "11110", "10100", "10010", "10001"],
  S: ["01111", "10000", "10000", "01110", "00001", "00001", "11110"],
  T: ["11111", "00100", "00100", "00100", "00100", "00100", "00100"],
  U: ["10001", "10001", "10001", "10001", "10001", "10001", "01110"],
  V: ["10001", "10001", "10001", "10001", "01010", "01010", "00100"],
  W: ["10001", "10001", "10001", "10101", "10101", "10101", "01010"],
  X: ["10001", "10001", "01010", "00100", "01010", "10001", "10001"],
  Y: ["10001", "10001", "01010", "00100", "00100", "00100", "00100"],
  Z: ["11111", "00001", "00010", "00100", "01000", "10000", "11111"],
  "0": ["01110", "10001", "10011", "10101", "11001", "10001", "01110"],
  "1": ["00100", "01100", "00100", "00100", "00100", "00100", "01110"],
  "2": ["01110", "10001", "00001", "00010", "00100", "01000", "11111"],
  "3": ["11111", "00010", "00100", "00010", "00001", "10001", "01110"],
  "4": ["00010", "00110", "01010", "10010", "11111", "00010", "00010"],
  "5": ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
  "6": ["00110", "01000", "10000", "11110", "10001", "10001", "01110"],
  "7": ["11111", "00001", "00010", "00100", "01000", "01000", "01000"],
  "8": ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
  "9": ["01110", "10001", "10001", "01111", "00001", "00010", "01100"],
  // For names without a Latin letter or digit (e.g. Chinese brand names): a five-pointed star.
  "*": ["00100", "00100", "11111", "01110", "01110", "11011", "10001"],
};
const GLYPH_W = 5;
const GLYPH_H = 7;

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
  const rows = FONT[style.letter] ?? FONT["*"]!;
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
