import { describe, expect, it } from 'vitest';
import { processImage, UploadError } from '../../lib/media/process.server';

/**
 * What the owner is told when an upload is refused, for the refusals the Site Content browser test
 * no longer sends through the editor (it keeps one file that is not an image and one too large).
 * The rest of the upload checks are in lib/media/media.test.ts.
 */

const refusalOf = (input: Buffer) =>
  processImage(input).then(
    () => null,
    (error: unknown) => error,
  );

describe('refused image uploads', () => {
  it('an SVG drawing named .png gets the message of any file that is not an image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const refusal = await refusalOf(svg);
    expect(refusal).toBeInstanceOf(UploadError);
    expect(refusal).toMatchObject({
      status: 415,
      message: 'This file is not a PNG, JPEG, GIF, WebP, BMP or ICO image. Please choose an image file.',
    });
  });
});
