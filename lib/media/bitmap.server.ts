import 'server-only';

/**
 * BMP and ICO decoding for the spec's accepted image types: sharp's prebuilt libvips reads
 * neither, so the pixels are unpacked here into raw RGBA and handed to sharp. Covers what
 * real files use (uncompressed 8, 24 and 32 bits per pixel; PNG or bitmap icon entries).
 */

export interface RawImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, top row first. */
  data: Buffer;
}

export class BitmapError extends Error {}

const MAX_SIDE = 10_000;

/** Decodes a DIB (the part of a BMP after its 14-byte file header, or an icon entry). */
function decodeDib(buf: Buffer, dibStart: number, pixelStart: number | null, icon: boolean): RawImage {
  if (buf.length < dibStart + 40) throw new BitmapError('truncated header');
  const headerSize = buf.readUInt32LE(dibStart);
  const width = buf.readInt32LE(dibStart + 4);
  let height = buf.readInt32LE(dibStart + 8);
  const bpp = buf.readUInt16LE(dibStart + 14);
  const compression = buf.readUInt32LE(dibStart + 16);
  const colours = buf.readUInt32LE(dibStart + 32) || (bpp <= 8 ? 1 << bpp : 0);
  if (icon) height = height / 2; // an icon's DIB counts the AND mask rows too
  const topDown = height < 0;
  height = Math.abs(height);
  if (width <= 0 || height <= 0 || width > MAX_SIDE || height > MAX_SIDE) throw new BitmapError('bad size');
  if (![8, 24, 32].includes(bpp) || !(compression === 0 || (compression === 3 && bpp === 32))) {
    throw new BitmapError(`unsupported bitmap format (${bpp} bits, compression ${compression})`);
  }
  const paletteStart = dibStart + headerSize;
  const pixels = pixelStart ?? paletteStart + (bpp <= 8 ? colours * 4 : compression === 3 && headerSize === 40 ? 12 : 0);
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (buf.length < pixels + stride * height) throw new BitmapError('truncated pixel data');

  const out = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = pixels + stride * (topDown ? y : height - 1 - y);
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      if (bpp === 8) {
        const p = paletteStart + buf[row + x]! * 4;
        out[o] = buf[p + 2] ?? 0;
        out[o + 1] = buf[p + 1] ?? 0;
        out[o + 2] = buf[p] ?? 0;
        out[o + 3] = 255;
      } else {
        const p = row + x * (bpp / 8);
        out[o] = buf[p + 2]!;
        out[o + 1] = buf[p + 1]!;
        out[o + 2] = buf[p]!;
        out[o + 3] = bpp === 32 ? buf[p + 3]! : 255;
        if (bpp === 32 && buf[p + 3] !== 0) anyAlpha = true;
      }
    }
  }
  // 32-bit bitmaps often leave the alpha byte at zero: treat that as opaque rather than invisible.
  if (bpp === 32 && !anyAlpha) for (let i = 3; i < out.length; i += 4) out[i] = 255;
  return { width, height, data: out };
}

export function decodeBmp(buf: Buffer): RawImage {
  if (buf.length < 54) throw new BitmapError('truncated header');
  return decodeDib(buf, 14, buf.readUInt32LE(10), false);
}

/** The largest entry of an icon: either an embedded PNG (returned as such) or a bitmap. */
export function decodeIco(buf: Buffer): RawImage | { png: Buffer } {
  const count = buf.readUInt16LE(4);
  let best: { size: number; offset: number; length: number } | null = null;
  for (let i = 0; i < count; i++) {
    const e = 6 + i * 16;
    if (buf.length < e + 16) throw new BitmapError('truncated directory');
    const side = (buf[e] || 256) * (buf[e + 1] || 256);
    const length = buf.readUInt32LE(e + 8);
    const offset = buf.readUInt32LE(e + 12);
    if (!best || side > best.size) best = { size: side, offset, length };
  }
  if (!best || buf.length < best.offset + best.length) throw new BitmapError('truncated icon');
  const entry = buf.subarray(best.offset, best.offset + best.length);
  if (entry.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return { png: Buffer.from(entry) };
  return decodeDib(Buffer.from(entry), 0, null, true);
}
