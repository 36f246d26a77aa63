import { connection } from 'next/server';
import { isDatabaseReachable } from '@/lib/db/index.server';

/** Liveness for load balancers and uptime checks: 200 only when the database answers. */
export async function GET() {
  await connection();
  const database = await isDatabaseReachable();
  return Response.json(
    { status: database ? 'ok' : 'unavailable', database: database ? 'ok' : 'unreachable' },
    { status: database ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
