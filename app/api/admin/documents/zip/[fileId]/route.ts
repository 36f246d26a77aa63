import { connection, NextResponse } from 'next/server';
import { adminRouteContext } from '@/lib/admin/route-context.server';
import { contentDisposition } from '@/lib/http/content-disposition';
import { iterableStream } from '@/lib/http/iterable-stream';
import { zipStream } from '@/lib/http/zip-stream';
import { logger } from '@/lib/log.server';
import { archivePart } from '@/lib/loan-files/archive-names';
import { documentsArchive } from '@/lib/loan-files/documents-archive.server';
import { loanFile } from '@/lib/loan-files/queries.server';

const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/**
 * GET /api/admin/documents/zip/<fileId>: every document of a loan file as one ZIP, for the owner
 * to save the whole file at once (issue 30, point 5). Built as it streams, one decrypted chunk at
 * a time, so it has no Content-Length; quarantined documents are left out. The download is in the
 * activity log, once, before a byte is sent. A document that fails its check midway breaks the
 * response off, and the browser reports the download as failed rather than keeping a ZIP that
 * lacks it.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ fileId: string }> }) {
  await connection();
  const context = await adminRouteContext('leads');
  if (context instanceof Response) return context;
  const { fileId } = await params;
  const file = await loanFile(context.db, fileId);
  if (!file) return NextResponse.json({ error: 'This loan file was not found.' }, { status: 404, headers });
  const archive = await documentsArchive(context.db, file);
  if (archive.count === 0)
    return NextResponse.json({ error: 'This loan file has no documents to download yet.' }, { status: 404, headers });
  await context.log({ action: 'documents_downloaded', target: file.id, detail: { documents: archive.count } });
  const name = `loan-file-${archivePart(file.borrower.name, 'borrower').replace(/\s+/g, '-')}.zip`;
  return new Response(iterableStream(reported(zipStream(archive.entries), file.id)), {
    headers: { ...headers, 'Content-Type': 'application/zip', 'Content-Disposition': contentDisposition('attachment', name) },
  });
}

/** The archive, with a failure midway (a chunk altered or missing) in the server's log before the response breaks off. */
async function* reported(archive: AsyncIterable<Uint8Array>, fileId: string): AsyncGenerator<Uint8Array> {
  try {
    yield* archive;
  } catch (error) {
    logger.error({ event: 'admin.documents_zip_failed', file: fileId, err: error }, 'A loan file’s ZIP broke off');
    throw error;
  }
}
