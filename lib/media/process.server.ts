import 'server-only';
import { createHash } from 'node:crypto';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { BitmapError, decodeBmp, decodeIco } from './bitmap.server';
import {
  fileTooLargeMessage,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  PDF_MAX_BYTES,
  sniffFileType,
  type MediaContentType,
} from './sniff';

/** A file ready to store: re-encoded (images) or checked (PDF). */
export interface ProcessedMedia {
  kind: 'image' | 'pdf';
  contentType: MediaContentType;
  bytes: Buffer;
  width: number | null;
  height: number | null;
  sha256: string;
}

/** A refused upload; `message` is shown to the owner as it is. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 411 | 413 | 415 = 400,
  ) {
    super(message);
  }
}

const NOT_AN_IMAGE = 'This file is not a PNG, JPEG, GIF, WebP, BMP or ICO image. Please choose an image file.';
const DAMAGED = 'This image could not be read: the file is damaged or incomplete. Please choose another file.';

export function checkSize(size: number, kind: 'image' | 'pdf'): void {
  const max = kind === 'image' ? IMAGE_MAX_BYTES : PDF_MAX_BYTES;
  if (size > max) throw new UploadError(fileTooLargeMessage(size, kind), 413);
  if (size === 0) throw new UploadError('The file is empty.');
}

/**
 * Images are decoded and encoded again: whatever rode along in the file (EXIF with GPS
 * positions, comments, trailing data) is dropped, EXIF orientation is applied first, and
 * anything larger than IMAGE_MAX_SIDE is scaled down. JPEG photos stay JPEG; the rest become WebP.
 */
export async function processImage(input: Buffer): Promise<ProcessedMedia> {
  checkSize(input.length, 'image');
  const type = sniffFileType(input);
  if (!type || type === 'pdf') throw new UploadError(NOT_AN_IMAGE, 415);

  let pipeline: Sharp;
  try {
    const options: SharpOptions = { failOn: 'warning', limitInputPixels: 40_000_000 };
    if (type === 'bmp' || type === 'ico') {
      const decoded = type === 'bmp' ? decodeBmp(input) : decodeIco(input);
      pipeline =
        'png' in decoded
          ? sharp(decoded.png, options)
          : sharp(decoded.data, { ...options, raw: { width: decoded.width, height: decoded.height, channels: 4 } });
    } else {
      pipeline = sharp(input, options);
    }
    pipeline = pipeline
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const jpeg = type === 'jpeg';
    const { data, info } = await (jpeg ? pipeline.jpeg({ quality: 82, mozjpeg: true }) : pipeline.webp({ quality: 82 })).toBuffer(
      {
        resolveWithObject: true,
      },
    );
    return {
      kind: 'image',
      contentType: jpeg ? 'image/jpeg' : 'image/webp',
      bytes: data,
      width: info.width,
      height: info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  } catch (error) {
    // sharp (failOn: 'warning') refuses truncated and corrupt data; our bitmap decoder likewise.
    throw new UploadError(error instanceof BitmapError ? `${DAMAGED} (${error.message})` : DAMAGED);
  }
}

/** The ebook: a PDF is stored as it is, after checking that it is one. */
export function processPdf(input: Buffer): ProcessedMedia {
  checkSize(input.length, 'pdf');
  if (sniffFileType(input) !== 'pdf') throw new UploadError('This file is not a PDF. Please choose a PDF file.', 415);
  if (
    !input
      .subarray(Math.max(0, input.length - 1024))
      .toString('latin1')
      .includes('%%EOF')
  ) {
    throw new UploadError('This PDF is incomplete (it has no end marker). Please export it again.');
  }
  return {
    kind: 'pdf',
    contentType: 'application/pdf',
    bytes: input,
    width: null,
    height: null,
    sha256: createHash('sha256').update(input).digest('hex'),
  };
}
