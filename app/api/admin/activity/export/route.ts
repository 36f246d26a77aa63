import { connection, NextResponse, type NextRequest } from 'next/server';
import { activityCsvStream } from '@/lib/activity/export.server';
import { parseActivityParams } from '@/lib/activity/filter';
import { adminRouteContext } from '@/lib/admin/route-context.server';
import { can } from '@/lib/auth/roles';

const headers = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/**
 * GET /api/admin/activity/export?action&actor&from&to&q: the Security area's activity log filter
 * as CSV. Owner only (security), an export (export), and a recent sign-in (step-up). The log is
 * read here, never changed: GET is the only method, so any other gets 405.
 */
export async function GET(request: NextRequest) {
  await connection();
  const context = await adminRouteContext('security', { stepUp: true, request });
  if (context instanceof Response) return context;
  if (!can(context.account.role, 'export'))
    return NextResponse.json({ error: 'Your account does not have access to this.' }, { status: 403, headers });
  const parsed = parseActivityParams(new URL(request.url).searchParams);
  if (!parsed.success) return NextResponse.json({ error: 'The filter was not understood.' }, { status: 400, headers });
  const { older: _older, newer: _newer, ...range } = parsed.data;
  const day = new Date().toISOString().slice(0, 10);
  await context.log({ action: 'activity_exported', detail: { filter: new URL(request.url).search.slice(0, 180) } });
  return new Response(activityCsvStream(context.db, range), {
    headers: {
      ...headers,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="activity-${day}.csv"`,
    },
  });
}
