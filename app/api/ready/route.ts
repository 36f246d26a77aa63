import { connection } from 'next/server';
import { readiness } from '@/lib/health/readiness.server';

/**
 * Readiness for load balancers and orchestrators: 200 when this instance reaches its database, the
 * database is migrated for this release and the outbox workers run; 503 with what is wrong
 * otherwise. /api/health is liveness only.
 */
export async function GET() {
  await connection();
  const state = await readiness();
  return Response.json(
    { status: state.ready ? 'ready' : 'not ready', ...state.checks, ...(state.pending ? { pending: state.pending } : {}) },
    { status: state.ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
