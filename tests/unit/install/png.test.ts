// The shared PNG writer (app/lib/png.ts): valid signature, IHDR, CRCs, and pixels that decode back; and the edge's icons
// and splash images drawn with it (app/shell/install/png.server.ts).
import { crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FONT, GLYPH_H, GLYPH_W, glyphFor } from "../../../app/lib/bitmap-font";
import { crc32, encodePng } from "../../../app/lib/png";
import { contrastRatio, foregroundFor, initialFor, parseHexColour, renderIcon, renderSplash } from "../../../app/shell/install/png.server";
import { readPng } from "../../support/png";

describe("crc32", () => {
  it("matches zlib's CRC-32", () => {
    const data = new TextEncoder().encode("IEND");
    expect(crc32(data)).toBe(zlibCrc32(Buffer.from(data)));
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });
});

describe("encodePng", () => {
  it("writes IHDR, IDAT and IEND with correct CRCs, and the pixels decode back", async () => {
    const pixels = Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]);
    const png = readPng(await encodePng({ width: 2, height: 2, channels: 3, pixels }));
    expect(png.chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(png.chunks.every((c) => c.crcOk)).toBe(true);
    expect([png.width, png.height, png.bitDepth, png.colourType, png.interlace]).toEqual([2, 2, 8, 2, 0]);
    const { rows } = png.pixels();
    expect([...rows[0]!, ...rows[1]!]).toEqual([...pixels]);
  });

  it("refuses a buffer of the wrong size", async () => {
    await expect(encodePng({ width: 2, height: 2, channels: 4, pixels: new Uint8Array(3) })).rejects.toThrow();
  });
});

describe("icons", () => {
  it.each([72, 192, 512])("draws a %i px RGBA rounded square in the brand colour with transparent corners", async (size) => {
    const png = readPng(await encodePng(renderIcon(size, { colour: parseHexColour("#1f6feb"), letter: "D", shape: "rounded" })));
    expect([png.width, png.height, png.colourType]).toEqual([size, size, 6]);
    const { rows } = png.pixels();
    const at = (x: number, y: number) => [...rows[y]!.subarray(x * 4, x * 4 + 4)];
    expect(at(0, 0)[3]).toBe(0); // corner: transparent
    expect(at(Math.floor(size * 0.1), Math.floor(size / 2))).toEqual([0x1f, 0x6f, 0xeb, 255]); // edge band: brand
    // Somewhere in the middle the glyph is drawn in white.
    const middle = rows[Math.floor(size / 2)]!;
    const whites = Array.from({ length: size }, (_, x) => middle.subarray(x * 4, x * 4 + 3)).filter((p) => p.every((v) => v === 255));
    expect(whites.length).toBeGreaterThan(0);
  });

  it("fills a maskable icon edge to edge", async () => {
    const png = readPng(await encodePng(renderIcon(192, { colour: parseHexColour("#c62828"), letter: "V", shape: "full" })));
    const { rows } = png.pixels();
    expect([...rows[0]!.subarray(0, 4)]).toEqual([0xc6, 0x28, 0x28, 255]);
  });

  it("draws an opaque splash image: background colour with the icon centred", async () => {
    const png = readPng(
      await encodePng(renderSplash(750, 1334, parseHexColour("#fff8e1"), { colour: parseHexColour("#c62828"), letter: "V" })),
    );
    expect([png.width, png.height, png.colourType]).toEqual([750, 1334, 2]);
    const { rows } = png.pixels();
    expect([...rows[0]!.subarray(0, 3)]).toEqual([0xff, 0xf8, 0xe1]);
    const iconSize = Math.round(750 / 4);
    const left = Math.round((750 - iconSize) / 2);
    const y = Math.round((1334 - iconSize) / 2) + Math.floor(iconSize * 0.1);
    expect([...rows[y]!.subarray((left + Math.floor(iconSize / 2)) * 3, (left + Math.floor(iconSize / 2)) * 3 + 3)]).toEqual([
      0xc6, 0x28, 0x28,
    ]);
  });
});

describe("letters and colours", () => {
  it.each([
    ["Demo Play", "D"],
    ["VN88 Xổ Số", "V"],
    ["ổ Số", "O"],
    ["888 Lucky", "8"],
    ["幸运彩票", "*"],
    ["  br777", "B"],
  ])("initialFor(%s) = %s", (name, letter) => {
    expect(initialFor(name)).toBe(letter);
  });

  it("picks white on dark brand colours and ink on light ones", () => {
    expect(foregroundFor(parseHexColour("#1f6feb"))).toEqual([255, 255, 255]);
    expect(foregroundFor(parseHexColour("#ffd54f"))).toEqual([17, 17, 17]);
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 0);
  });

  it("rejects colours that are not #rrggbb", () => {
    expect(() => parseHexColour("red")).toThrow();
  });
});

describe("the shared 5×7 font", () => {
  it("has seven rows of five cells for every glyph, and falls back for characters it lacks", () => {
    for (const [ch, rows] of Object.entries(FONT)) {
      expect(rows, ch).toHaveLength(GLYPH_H);
      for (const row of rows) expect(row, ch).toMatch(new RegExp(`^[01]{${GLYPH_W}}$`));
    }
    expect(glyphFor("é", "*")).toBe(FONT["*"]);
  });
});
