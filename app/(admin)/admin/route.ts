import { connection } from 'next/server';
import { sectionsFor } from '@/components/admin/sections';
import { getAdminSession } from '@/lib/auth/session.server';

/**
 * GET /admin: the first section the account's role may open (or /login), until the dashboard has
 * an overview of its own. A route handler, not a page, so the answer is a plain 307 before
 * anything streams: a browser without JavaScript follows it like any redirect.
 */
export async function GET() {
  await connection();
  const session = await getAdminSession();
  const target = session ? (sectionsFor(session.account.role)[0]?.href ?? '/admin/account') : '/login';
  // A relative Location: Next's request URL names its own host, not the one the browser used.
  return new Response(null, { status: 307, headers: { Location: target, 'Cache-Control': 'no-store' } });
}
