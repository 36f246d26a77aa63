import { connection } from 'next/server';
import { getDb } from '@/lib/db/index.server';
import { MEDIA_EXTENSIONS } from '@/lib/media/sniff';
import { readMedia } from '@/lib/media/store.server';

/**
 * GET /media/<id>.<ext>: an uploaded file. Stored bytes never change under an id, so browsers
 * and CDNs may keep them for a year.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  await connection();
  // readMedia answers only well-formed ids (MEDIA_ID); anything else is not found.
  const match = /^([^./]+)\.(webp|jpg|pdf)$/.exec((await params).file);
  const media = match ? await readMedia(await getDb(), match[1]!) : null;
  if (!match || !media || MEDIA_EXTENSIONS[media.contentType] !== match[2]) {
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  return new Response(new Uint8Array(media.bytes), {
    headers: {
      'Content-Type': media.contentType,
      'Content-Length': String(media.bytes.length),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}
