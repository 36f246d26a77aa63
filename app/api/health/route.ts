import { connection } from 'next/server';

/**
 * Liveness: 200 as long as this process answers requests, whatever the database does, so an
 * orchestrator restarts an instance that hangs, not every instance when the database is down.
 * Whether to send an instance visitors is /api/ready's answer.
 */
export async function GET() {
  await connection();
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
