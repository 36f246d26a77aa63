import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { tempSqlite } from '../../tests/support/temp-db';
import { migrateToLatest } from '../db/migrate.server';
import { processImage, processPdf, UploadError } from './process.server';
import { sniffFileType } from './sniff';
import { readMedia, storeMedia } from './store.server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const photo = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });

async function jpegWithExif(): Promise<Buffer> {
  return photo()
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret Owner', Artist: 'Jane Doe', ImageDescription: 'GPS home address' } } })
    .toBuffer();
}

/** A minimal 24-bit BMP, bottom-up rows padded to 4 bytes. */
function bmp(width: number, height: number): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const buf = Buffer.alloc(54 + stride * height);
  buf.write('BM', 0, 'latin1');
  buf.writeUInt32LE(buf.length, 2);
  buf.writeUInt32LE(54, 10);
  buf.writeUInt32LE(40, 14);
  buf.writeInt32LE(width, 18);
  buf.writeInt32LE(height, 22);
  buf.writeUInt16LE(1, 26);
  buf.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) buf.set([255, 0, 0], 54 + y * stride + x * 3); // blue (BGR)
  return buf;
}

/** An icon holding one PNG entry. */
async function ico(): Promise<Buffer> {
  const png = await photo(32, 32).png().toBuffer();
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header[6] = 32;
  header[7] = 32;
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

describe('upload checks', () => {
  it('recognises files by their bytes, not their names', async () => {
    expect(sniffFileType(await photo().png().toBuffer())).toBe('png');
    expect(sniffFileType(await photo().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffFileType(await photo().gif().toBuffer())).toBe('gif');
    expect(sniffFileType(await photo().webp().toBuffer())).toBe('webp');
    expect(sniffFileType(bmp(2, 2))).toBe('bmp');
    expect(sniffFileType(await ico())).toBe('ico');
    expect(sniffFileType(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffFileType(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeNull();
    expect(sniffFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull();
  });

  it('refuses HTML and SVG renamed as images, oversized files and truncated images with a clear message', async () => {
    await expect(processImage(Buffer.from('<html><body><script>alert(1)</script></body></html>'))).rejects.toThrow(
      /not a PNG, JPEG, GIF, WebP, BMP or ICO/,
    );
    await expect(
      processImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).rejects.toThrow(UploadError);
    const big = Buffer.concat([await photo().png().toBuffer(), Buffer.alloc(21 * 1024 * 1024)]);
    await expect(processImage(big)).rejects.toThrow(/the largest image accepted is 20 MB/);
    const jpeg = await photo(400, 300).jpeg().toBuffer();
    await expect(processImage(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).rejects.toThrow(/damaged or incomplete/);
    const png = await photo(400, 300).png().toBuffer();
    await expect(processImage(png.subarray(0, Math.floor(png.length / 2)))).rejects.toThrow(/damaged or incomplete/);
  });

  it('re-encodes a JPEG without its EXIF data', async () => {
    const input = await jpegWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    expect(input.toString('latin1')).toContain('Secret Owner');
    const out = await processImage(input);
    expect(out.contentType).toBe('image/jpeg');
    expect(out.bytes.equals(input)).toBe(false);
    expect((await sharp(out.bytes).metadata()).exif).toBeUndefined();
    expect(out.bytes.toString('latin1')).not.toContain('Secret Owner');
    expect([out.width, out.height]).toEqual([64, 48]);
  });

  it('scales large images down, and converts PNG, GIF, BMP and ICO to WebP', async () => {
    const large = await processImage(await photo(3000, 1500).png().toBuffer());
    expect([large.contentType, large.width, large.height]).toEqual(['image/webp', 2000, 1000]);
    const gif = await processImage(await photo().gif().toBuffer());
    expect(gif.contentType).toBe('image/webp');
    const fromBmp = await processImage(bmp(5, 3));
    expect([fromBmp.contentType, fromBmp.width, fromBmp.height]).toEqual(['image/webp', 5, 3]);
    const { data } = await sharp(fromBmp.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(200); // still blue after the BGR unpacking
    const fromIco = await processImage(await ico());
    expect([fromIco.width, fromIco.height]).toEqual([32, 32]);
  });

  it('accepts a PDF only when it is one', () => {
    expect(processPdf(Buffer.from('%PDF-1.4\n1 0 obj\n%%EOF\n')).contentType).toBe('application/pdf');
    expect(() => processPdf(Buffer.from('<html></html>'))).toThrow(/not a PDF/);
    expect(() => processPdf(Buffer.from('%PDF-1.4\n1 0 obj'))).toThrow(/incomplete/);
  });
});

describe('media store', () => {
  it('stores processed media once per content and reads it back', async () => {
    const handle = tempSqlite();
    cleanups.push(handle.cleanup);
    await migrateToLatest(handle.db);
    const image = await processImage(await photo().png().toBuffer());
    const first = await storeMedia(handle.db, image);
    const again = await storeMedia(handle.db, image);
    expect(again.id).toBe(first.id);
    expect(first.url).toBe(`/media/${first.id}.webp`);
    const read = await readMedia(handle.db, first.id);
    expect(read?.contentType).toBe('image/webp');
    expect(read?.bytes.equals(image.bytes)).toBe(true);
    expect(await readMedia(handle.db, '../../etc/passwd')).toBeNull();
  });
});
