import { connection, NextResponse, type NextRequest } from 'next/server';
import { adminRouteContext } from '@/lib/admin/route-context.server';
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
  const context = await adminRouteContext('export', { stepUp: true, request });
  if (context instanceof Response) return context;
  const parsed = parseFilterParams(new URL(request.url).searchParams);
  if (!parsed.success) return NextResponse.json({ error: 'The filter was not understood.' }, { status: 400, headers });
  const day = new Date().toISOString().slice(0, 10);
  await context.log({ action: 'leads_exported', detail: { filter: new URL(request.url).search.slice(0, 180) } });
  return new Response(leadsCsvStream(context.db, { ...parsed.data, me: context.account.id }), {
    headers: {
      ...headers,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
    },
  });
}
