import { connection, NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { getDb } from '@/lib/db/index.server';
import { env } from '@/lib/env.server';
import { isSameOrigin } from '@/lib/http/origin';
import { wakeOutbox } from '@/lib/notifications/process-worker.server';
import { requestSignInLink } from '@/lib/loan-files/portal-auth.server';
import { effectiveSiteUrl } from '@/lib/settings/effective.server';
import { serverSources } from '@/lib/settings/sources.server';

const email = z.email().max(254);

/**
 * POST /api/portal/sign-in-link: the portal's "E-mail me a sign-in link" form. Every address gets
 * the same answer, a file or not, so the form cannot be used to learn who borrows through us.
 */
export async function POST(request: NextRequest) {
  await connection();
  if (!isSameOrigin(request.headers, env.SITE_URL, env.TRUST_PROXY))
    return NextResponse.json({ error: 'Cross-origin request refused.' }, { status: 403 });
  const form = await request.formData().catch(() => null);
  const parsed = email.safeParse(String(form?.get('email') ?? '').trim());
  if (!parsed.success) return back('/portal?link=invalid');
  const db = await getDb();
  // The link is built on the site's public address: SITE_URL, else the admin's Settings.
  await requestSignInLink(db, parsed.data, { siteUrl: await effectiveSiteUrl(db, serverSources()), now: new Date() });
  wakeOutbox();
  return back('/portal?link=sent');
}

const back = (location: string) =>
  new NextResponse(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
