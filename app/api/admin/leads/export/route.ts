import { connection, NextResponse, type NextRequest } from 'next/server';
import { getAdminSession } from '@/lib/auth/session.server';
import { getDb } from '@/lib/db/index.server';
import { leadsCsvStream } from '@/lib/leads/admin/export.server';
import { parseFilterParams } from '@/lib/leads/admin/filter';

const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/**
 * GET /api/admin/leads/export?kind&status&q&from&to: the Leads tab's current filter as CSV
 * (UTF-8 with a BOM so spreadsheets detect the encoding), streamed in keyset-paged batches.
 * Personal data: checked against the session, never cached.
 */
export async function GET(request: NextRequest) {
  await connection();
  if (!(await getAdminSession())) {
    return NextResponse.json({ error: 'Your session has ended. Please sign in again.' }, { status: 401, headers });
  }
  const parsed = parseFilterParams(new URL(request.url).searchParams);
  if (!parsed.success) return NextResponse.json({ error: 'The filter was not understood.' }, { status: 400, headers });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(leadsCsvStream(await getDb(), parsed.data), {
    headers: {
      ...headers,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
    },
  });
}
