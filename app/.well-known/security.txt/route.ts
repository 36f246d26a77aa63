import { connection } from 'next/server';
import { getSiteContent } from '@/lib/content/queries.server';
import { env } from '@/lib/env.server';
import { securityTxt } from '@/lib/site/security-txt';

/**
 * RFC 9116's security.txt. Rendered per request (it is tiny) so that Expires is always computed
 * afresh; the contact comes from the cached content, expired by every content edit.
 */
export async function GET() {
  await connection();
  const content = await getSiteContent();
  return new Response(securityTxt({ email: content.contact.email, siteUrl: env.SITE_URL, now: new Date() }), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
