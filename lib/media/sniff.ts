import { ID_PATTERN } from '../db/ids';

/**
 * What a file really is, from its first bytes: the name and the browser's claimed type are
 * never trusted (an HTML or SVG page renamed .png must not reach the image pipeline).
 */
export type SniffedType = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'ico' | 'pdf';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length >= 26) return 'bmp';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 22 && bytes[4]! + bytes[5]! > 0) return 'ico';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return null;
}

export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const PDF_MAX_BYTES = 20 * 1024 * 1024;
/** What multipart framing adds to a file's bytes in an upload's body, at most. */
export const UPLOAD_FRAMING_BYTES = 64 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The owner's message for a file over the limit of its kind (the route's, and the server's 413). */
export function fileTooLargeMessage(size: number, kind: 'image' | 'pdf'): string {
  const max = kind === 'image' ? IMAGE_MAX_BYTES : PDF_MAX_BYTES;
  return `This file is ${mb(size)}; the largest ${kind === 'image' ? 'image' : 'PDF'} accepted is ${mb(max)}.`;
}
/** Longest side of a stored image; larger uploads are scaled down. */
export const IMAGE_MAX_SIDE = 2000;

export const MEDIA_EXTENSIONS = { 'image/webp': 'webp', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' } as const;
export type MediaContentType = keyof typeof MEDIA_EXTENSIONS;

/** `/media/<id>.<ext>`: what content fields hold. */
export function mediaUrl(id: string, contentType: MediaContentType): string {
  return `/media/${id}.${MEDIA_EXTENSIONS[contentType]}`;
}

/** A media id in a URL: a newId() (lib/db/ids.ts), the same shape as the 32 random hex digits of older uploads. */
export const MEDIA_ID = ID_PATTERN;
