import { revalidateTag } from 'next/cache';
import { connection } from 'next/server';
import { ALL_CACHE_TAGS } from '@/lib/cache/tags';
import { readSiteContent } from '@/lib/content/queries.server';
import { getDb } from '@/lib/db/index.server';
import { ensureOutboxWorker } from '@/lib/notifications/process-worker.server';
import { vapidPublicKey } from '@/lib/push/vapid-keys.server';
import { isServerCall } from '@/lib/http/server-call';

/**
 * Called once by the server (server/internal-calls.ts) before it admits visitors, after it has migrated
 * the database: proves the stored content is readable by this release, expires every cached page,
 * so nothing prerendered at build time is ever served stale, and starts the notification worker.
 * Any other caller gets a 404: only the server can mark its own call (lib/http/server-call.ts).
 */
export async function POST(request: Request) {
  await connection();
  if (!isServerCall(request.headers)) return new Response('Not found', { status: 404 });
  try {
    await readSiteContent(await getDb());
    // Web push keys are made at first start (several instances: one pair wins, lib/push/vapid-keys.server.ts).
    await vapidPublicKey(await getDb());
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return Response.json({ ok: false, error: message }, { status: 500 });
  }
  for (const tag of ALL_CACHE_TAGS) revalidateTag(tag, { expire: 0 });
  // Deliver the notifications left waiting by the previous run (or by a missing transport).
  ensureOutboxWorker();
  return Response.json({ ok: true });
}
