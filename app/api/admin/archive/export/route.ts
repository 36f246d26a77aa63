import { connection, NextResponse, type NextRequest } from 'next/server';
import { adminRouteContext } from '@/lib/admin/route-context.server';
import { archiveExport } from '@/lib/archive/export.server';
import { parseExportQuery } from '@/lib/archive/query';
import { snapshotFetcher } from '@/lib/archive/snapshot-fetch.server';
import { env } from '@/lib/env.server';
import { ownOrigin } from '@/lib/http/own-origin';
import { contentDisposition } from '@/lib/http/content-disposition';
import { iterableStream } from '@/lib/http/iterable-stream';
import { zipStream } from '@/lib/http/zip-stream';
import { logger } from '@/lib/log.server';

const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/**
 * GET /api/admin/archive/export?from=…&to=… (owner only): the ad archive of a date range as a ZIP
 * of HTML snapshots and the versions' JSON (issue 31, point 5), written as it streams. Each
 * snapshot is the admin's archive view of that page, requested from this server with the owner's
 * own cookies (lib/archive/snapshot-fetch.server.ts). The export is in the activity log, once,
 * before a byte is sent; a snapshot that fails breaks the response off, so the browser reports
 * the download as failed rather than keeping a ZIP that lacks it.
 */
export async function GET(request: NextRequest) {
  await connection();
  const context = await adminRouteContext('security', { request });
  if (context instanceof Response) return context;
  const query = parseExportQuery(new URL(request.url).searchParams);
  if ('error' in query) return NextResponse.json({ error: query.error }, { status: 400, headers });
  await context.log({ action: 'archive_exported', detail: { from: query.from, to: query.to } });
  const render = snapshotFetcher({ origin: ownOrigin(env), cookie: request.headers.get('cookie') ?? '', siteUrl: env.SITE_URL });
  const entries = archiveExport(context.db, { from: new Date(query.from), to: new Date(query.to) }, render);
  const name = `ad-archive-${query.from.slice(0, 10)}-to-${query.to.slice(0, 10)}.zip`;
  return new Response(iterableStream(reported(zipStream(entries))), {
    headers: { ...headers, 'Content-Type': 'application/zip', 'Content-Disposition': contentDisposition('attachment', name) },
  });
}

async function* reported(archive: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* archive;
  } catch (error) {
    logger.error({ event: 'admin.archive_export_failed', err: error }, 'An ad archive export broke off');
    throw error;
  }
}
