import { connection, NextResponse, type NextRequest } from 'next/server';
import { getDb } from '@/lib/db/index.server';
import { handleDraftSave } from '@/lib/drafts/save-request.server';
import { env } from '@/lib/env.server';
import { clientAddress } from '@/lib/http/client-address';
import { logger } from '@/lib/log.server';
import { wakeOutbox } from '@/lib/notifications/process-worker.server';

/** POST /api/application-drafts: 'Save and finish later' (lib/drafts/save-request.server.ts). */
export async function POST(request: NextRequest) {
  await connection();
  const { status, body } = await handleDraftSave(request, {
    db: getDb,
    siteUrl: env.SITE_URL,
    trustProxy: env.TRUST_PROXY,
    clientAddress: clientAddress(request.headers),
    // The lead forms' per-address limit: each new draft sends an e-mail to the address typed.
    limits: { perAddress: env.LEAD_RATE_LIMIT, windowMinutes: env.LEAD_RATE_WINDOW_MINUTES },
    now: () => new Date(),
    wake: wakeOutbox,
    log: logger,
  });
  // The answer carries the resume token: never stored by any cache.
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}
