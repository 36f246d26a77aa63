import { NextResponse, type NextRequest } from 'next/server';
import { signedInPost } from '@/lib/loan-files/portal-passkey-http.server';
import { removePortalPasskey } from '@/lib/loan-files/portal-passkeys.server';

/**
 * POST /api/portal/passkey/remove: a plain form on the borrower's page (it works without
 * JavaScript), answered with a 303 back to the page, which says what happened. Only the signed-in
 * file's own passkeys can go; a session that has ended goes back to the sign-in form.
 */
export async function POST(request: NextRequest) {
  const checked = await signedInPost(request);
  if (checked instanceof NextResponse) return checked;
  const { db, session } = checked;
  if (!session) return back('/portal');
  const form = await request.formData().catch(() => null);
  const id = form?.get('id');
  const removed = typeof id === 'string' && (await removePortalPasskey(db, session.fileId, id));
  return back(`/portal?passkey=${removed ? 'removed' : 'missing'}#passkeys`);
}

const back = (location: string) =>
  new NextResponse(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
