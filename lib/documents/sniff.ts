import type { DocumentType } from './types';

/**
 * What a document really is, from its first bytes: the name and the browser's claimed type are
 * never trusted (an HTML page renamed .pdf must not be stored as a PDF and later served as one).
 * Its own copy of the signatures, not lib/media's: a service imports no domain.
 */

/** Enough of the start of a file for every signature below (an HEIC `ftyp` box lists a few brands). */
export const SNIFF_BYTES = 256;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** Brands of HEVC-coded HEIF images (ISO/IEC 23008-12): what iPhones and recent Android phones save. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
/** Generic HEIF brands: HEIC when no compatible brand says AVIF (the other image format built on them). */
const HEIF_BRANDS = new Set(['mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** An ISO BMFF file opening with an `ftyp` box whose brands say HEIC. */
function isHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const major = ascii(bytes, 8, 12);
  if (HEVC_BRANDS.has(major)) return true;
  if (!HEIF_BRANDS.has(major)) return false;
  // The box: size (4 bytes), 'ftyp', major brand, minor version (4), then compatible brands of 4 bytes.
  const boxEnd = Math.min(new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0), bytes.length);
  for (let offset = 16; offset + 4 <= boxEnd; offset += 4) if (AVIF_BRANDS.has(ascii(bytes, offset, offset + 4))) return false;
  return true;
}

export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (isHeic(bytes)) return 'heic';
  return null;
}
