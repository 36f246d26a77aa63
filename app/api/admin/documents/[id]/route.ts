import { connection, NextResponse, type NextRequest } from 'next/server';
import { adminRouteContext } from '@/lib/admin/route-context.server';
import { readDocument } from '@/lib/documents/store.server';
import type { StoredDocument } from '@/lib/documents/types';
import { contentDisposition } from '@/lib/http/content-disposition';
import { iterableStream } from '@/lib/http/iterable-stream';
import { logger } from '@/lib/log.server';
import { readItem } from '@/lib/loan-files/queries.server';
import { itemOfOwner } from '@/lib/loan-files/upload-access.server';

const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/** What a browser shows itself; a HEIC (only Safari shows one) is always saved. */
const SHOWN_INLINE: readonly string[] = ['application/pdf', 'image/jpeg', 'image/png'];

/**
 * GET /api/admin/documents/<id>[?download=1]: a loan file's document, decrypted as it streams, for
 * the owner to preview in a tab or save. Only a document of a loan file item is served, and never
 * a quarantined one (the virus check flagged it: it stays in the store, encrypted, and is not
 * handed to a browser). Every view and download is in the activity log before a byte is sent
 * (issue 30, point 6).
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  await connection();
  const context = await adminRouteContext('leads');
  if (context instanceof Response) return context;
  const { id } = await params;
  const opened = await readDocument(context.db, id);
  const itemId = opened ? itemOfOwner(opened.document.owner) : null;
  const item = itemId ? await readItem(context.db, itemId) : null;
  if (!opened || !item) return NextResponse.json({ error: 'This document was not found.' }, { status: 404, headers });
  const { document } = opened;
  if (document.scan === 'quarantined')
    return NextResponse.json(
      { error: 'The virus check flagged this document: it is quarantined and cannot be opened.' },
      { status: 409, headers },
    );
  const download = new URL(request.url).searchParams.get('download') === '1';
  await context.log({
    action: download ? 'document_downloaded' : 'document_viewed',
    target: document.id,
    detail: { file: item.fileId },
  });
  const disposition = download || !SHOWN_INLINE.includes(document.contentType) ? 'attachment' : 'inline';
  return new Response(iterableStream(reported(opened.content, document)), {
    headers: {
      ...headers,
      'Content-Type': document.contentType,
      'Content-Length': String(document.size),
      'Content-Disposition': contentDisposition(disposition, document.name),
    },
  });
}

/** The content, with a failure midway (a chunk altered or missing) in the server's log before the response breaks off. */
async function* reported(content: AsyncIterable<Buffer>, document: StoredDocument): AsyncGenerator<Buffer> {
  try {
    yield* content;
  } catch (error) {
    logger.error({ event: 'admin.document_unreadable', document: document.id, err: error }, 'A document could not be decrypted');
    throw error;
  }
}
