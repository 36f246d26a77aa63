import { connection, NextResponse, type NextRequest } from 'next/server';
import { adminRouteContext } from '@/lib/admin/route-context.server';
import { env } from '@/lib/env.server';
import { isSameOrigin } from '@/lib/http/origin';
import { logger } from '@/lib/log.server';
import { checkSize, processImage, processPdf, UploadError } from '@/lib/media/process.server';
import { UPLOAD_FRAMING_BYTES } from '@/lib/media/sniff';
import { storeMedia } from '@/lib/media/store.server';

const json = (body: unknown, status = 200) => NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * POST /api/admin/media (multipart: `file`, `kind` image|pdf): checks, re-encodes and stores an
 * upload, answering `{ url, width, height }` or `{ error }` with a message for the owner.
 * A route handler rather than a Server Action: uploads exceed the actions' body limit.
 */
export async function POST(request: NextRequest) {
  await connection();
  if (!isSameOrigin(request.headers, env.SITE_URL, env.TRUST_PROXY)) return json({ error: 'Cross-origin request refused.' }, 403);
  const context = await adminRouteContext('content');
  if (context instanceof Response) return context;

  try {
    const kind = new URL(request.url).searchParams.get('kind') === 'pdf' ? 'pdf' : 'image';
    // The body is read whole, so its size must be known and checked first: a chunked body of
    // unknown length is refused (browsers always state it for a file). The framing adds a little.
    // The server's limits table refuses the same before the body is read (server/body-limits.ts).
    const length = request.headers.get('content-length');
    if (length === null || !/^\d+$/.test(length)) throw new UploadError('The upload must state its size (Content-Length).', 411);
    const declared = Number(length);
    if (declared > UPLOAD_FRAMING_BYTES) checkSize(declared - UPLOAD_FRAMING_BYTES, kind);
    const form = await request.formData().catch(() => null);
    const file = form?.get('file');
    if (!(file instanceof File)) throw new UploadError('Choose a file to upload.');
    checkSize(file.size, kind);
    const bytes = Buffer.from(await file.arrayBuffer());
    const processed = kind === 'pdf' ? processPdf(bytes) : await processImage(bytes);
    const stored = await storeMedia(context.db, processed);
    await context.log({ action: 'media_uploaded', target: stored.id, detail: { kind, bytes: stored.byteSize } });
    logger.info({ event: 'admin.media_uploaded', id: stored.id, kind, bytes: stored.byteSize }, 'Media uploaded');
    return json({ id: stored.id, url: stored.url, width: stored.width, height: stored.height });
  } catch (error) {
    if (error instanceof UploadError) return json({ error: error.message }, error.status);
    throw error;
  }
}
