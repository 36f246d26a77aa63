import { describe, expect, it } from 'vitest';
import { sniffDocumentType } from './sniff';

/** An `ftyp` box with these brands, as an ISO BMFF file opens. */
function ftyp(major: string, compatible: string[] = []): Uint8Array {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size + 8);
  box.writeUInt32BE(size, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return box;
}

describe('sniffDocumentType', () => {
  it('knows PDF, JPEG and PNG by their signatures', () => {
    expect(sniffDocumentType(Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1'))).toBe('pdf');
    expect(sniffDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]))).toBe('jpeg');
    expect(sniffDocumentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('png');
  });

  it('knows HEIC by the brands of its ftyp box', () => {
    for (const brand of ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']) expect(sniffDocumentType(ftyp(brand))).toBe('heic');
    // iPhones write major brand 'heic'; other cameras the generic HEIF brands with HEVC ones beside.
    expect(sniffDocumentType(ftyp('mif1', ['mif1', 'heic']))).toBe('heic');
    expect(sniffDocumentType(ftyp('msf1', ['msf1', 'hevc']))).toBe('heic');
  });

  it('refuses AVIF, video and other ISO BMFF files though they share the box', () => {
    expect(sniffDocumentType(ftyp('avif', ['avif', 'mif1', 'miaf']))).toBeNull();
    expect(sniffDocumentType(ftyp('mif1', ['mif1', 'avif', 'miaf']))).toBeNull();
    expect(sniffDocumentType(ftyp('isom', ['isom', 'mp41']))).toBeNull();
    expect(sniffDocumentType(ftyp('qt  '))).toBeNull();
  });

  it('refuses what only claims to be a document: HTML renamed .pdf, text, truncated signatures, nothing', () => {
    expect(sniffDocumentType(Buffer.from('<!doctype html><title>Statement.pdf</title>'))).toBeNull();
    expect(sniffDocumentType(Buffer.from(' %PDF-1.7'))).toBeNull();
    expect(sniffDocumentType(Buffer.from('%PDF'))).toBeNull();
    expect(sniffDocumentType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffDocumentType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffDocumentType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffDocumentType(ftyp('heic').subarray(0, 10))).toBeNull();
    expect(sniffDocumentType(new Uint8Array())).toBeNull();
  });
});
