// Reads a PNG in tests: chunks with their CRC checked, the IHDR fields, and (for 8-bit filter-0 images) the pixels.
import { crc32 as zlibCrc32, inflateSync } from "node:zlib";
import { expect } from "vitest";

type Chunk = { type: string; data: Buffer; crcOk: boolean };

/** Splits a PNG into chunks, checking each chunk's CRC over type + data. */
export function readPng(bytes: Uint8Array) {
  const buf = Buffer.from(bytes);
  expect([...buf.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: Chunk[] = [];
  let at = 8;
  while (at < buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.subarray(at + 4, at + 8).toString("latin1");
    const data = buf.subarray(at + 8, at + 8 + length);
    const crc = buf.readUInt32BE(at + 8 + length);
    chunks.push({ type, data, crcOk: zlibCrc32(buf.subarray(at + 4, at + 8 + length)) === crc });
    at += 12 + length;
  }
  const ihdr = chunks[0]!.data;
  return {
    chunks,
    width: ihdr.readUInt32BE(0),
    height: ihdr.readUInt32BE(4),
    bitDepth: ihdr[8],
    colourType: ihdr[9],
    interlace: ihdr[12],
    /** Scanlines without their filter bytes (all filter 0 here). */
    pixels(): { channels: number; rows: Buffer[] } {
      const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data)));
      const channels = ihdr[9] === 6 ? 4 : 3;
      const stride = this.width * channels;
      const rows: Buffer[] = [];
      for (let y = 0; y < this.height; y++) {
        expect(raw[y * (stride + 1)]).toBe(0);
        rows.push(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
      }
      return { channels, rows };
    },
  };
}
