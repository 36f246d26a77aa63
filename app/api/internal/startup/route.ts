import { timingSafeEqual } from 'node:crypto';
import { revalidateTag } from 'next/cache';
import { connection } from 'next/server';
import { ALL_CACHE_TAGS } from '@/lib/cache/tags';
import { readSiteContent } from '@/lib/content/queries.server';
import { getDb } from '@/lib/db/index.server';
import { ensureOutboxWorker } from '@/lib/notifications/process-worker.server';

/**
 * Called once by the start script (scripts/start.ts) before the server admits visitors:
 * migrates and seeds the database, proves the stored content is readable by this release, and
 * expires every cached page, so nothing prerendered at build time is ever served stale, and
 * starts the lead notification worker.
 * The token is random per process and never leaves it.
 */
export async function POST(request: Request) {
  await connection();
  const expected = process.env.STARTUP_TOKEN ?? '';
  const given = request.headers.get('x-startup-token') ?? '';
  if (!expected || given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
    return new Response('Not found', { status: 404 });
  }
  try {
    await readSiteContent(await getDb());
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return Response.json({ ok: false, error: message }, { status: 500 });
  }
  for (const tag of ALL_CACHE_TAGS) revalidateTag(tag, { expire: 0 });
  // Deliver the lead notifications left waiting by the previous run (or by a missing transport).
  ensureOutboxWorker();
  return Response.json({ ok: true });
}
