import { connection, NextResponse, type NextRequest } from 'next/server';
import { serverSaveDeps } from '@/lib/drafts/save-deps.server';
import { handleDraftSave } from '@/lib/drafts/save-request.server';
import { env } from '@/lib/env.server';
import { clientAddress } from '@/lib/http/client-address';

/** POST /api/application-drafts: 'Save and finish later' from the panel's script (lib/drafts/save-request.server.ts). */
export async function POST(request: NextRequest) {
  await connection();
  const { status, body } = await handleDraftSave(request, {
    ...serverSaveDeps(clientAddress(request.headers)),
    trustProxy: env.TRUST_PROXY,
  });
  // The answer carries the resume token: never stored by any cache.
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
}
