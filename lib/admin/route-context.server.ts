import 'server-only';
import { NextResponse } from 'next/server';
import type { Permission } from '../auth/roles';
import { getAdminSession } from '../auth/session.server';
import { adminContext } from './action.server';
import type { AdminContext } from './context';
import { refusalFor } from './admission.server';
import { confirmPath } from './confirm-path';
import { PASSWORD_CHOICE_REQUIRED, SIGNED_OUT, STEP_UP_REQUIRED, TWO_FACTOR_SET_UP_REQUIRED } from './result';

const noStore = { 'Cache-Control': 'no-store' };

/** A link followed or a page opened (not a script's fetch): it can be sent somewhere else. */
function isNavigation(request: Request): boolean {
  const mode = request.headers.get('sec-fetch-mode');
  if (mode) return mode === 'navigate';
  return request.headers.get('accept')?.includes('text/html') ?? false;
}

/**
 * The admin route handlers' gate, as `adminAction` is the actions': the session (401), the
 * default password still in effect (403), the role (403), two-factor where the owner requires it
 * (403), a recent sign-in where asked, then the context. A route returns the Response when it
 * gets one. Without a recent sign-in a navigation (the Leads tab's 'Export CSV' link) is sent
 * with a 303 to /admin/confirm, which comes back to the same URL once confirmed; a script gets
 * 403 with `code: 'step-up'`. Pass `request` for that.
 */
export async function adminRouteContext(
  permission: Permission,
  options: { stepUp?: boolean; request?: Request } = {},
): Promise<AdminContext | NextResponse> {
  const session = await getAdminSession();
  if (!session) return NextResponse.json({ error: SIGNED_OUT.error }, { status: 401, headers: noStore });
  const refusal = await refusalFor(session, permission, options);
  if (refusal === 'choose-password')
    return NextResponse.json(
      { error: PASSWORD_CHOICE_REQUIRED.error, code: PASSWORD_CHOICE_REQUIRED.code },
      { status: 403, headers: noStore },
    );
  if (refusal === 'forbidden')
    return NextResponse.json({ error: 'Your account does not have access to this.' }, { status: 403, headers: noStore });
  if (refusal === 'two-factor')
    return NextResponse.json({ error: TWO_FACTOR_SET_UP_REQUIRED.error }, { status: 403, headers: noStore });
  if (refusal === 'step-up') {
    if (options.request && isNavigation(options.request)) {
      const url = new URL(options.request.url);
      return new NextResponse(null, { status: 303, headers: { ...noStore, Location: confirmPath(url.pathname + url.search) } });
    }
    return NextResponse.json({ error: STEP_UP_REQUIRED.error, code: 'step-up' }, { status: 403, headers: noStore });
  }
  return adminContext(session);
}
