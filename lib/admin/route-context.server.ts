import 'server-only';
import { NextResponse } from 'next/server';
import { can, type Permission } from '../auth/roles';
import { getAdminSession } from '../auth/session.server';
import { needsStepUp } from '../auth/step-up';
import { adminContext, type AdminContext } from './action.server';
import { SIGNED_OUT, STEP_UP_REQUIRED } from './result';

const noStore = { 'Cache-Control': 'no-store' };

/**
 * The admin route handlers' gate, as `adminAction` is the actions': the session (401), the role
 * (403), a recent sign-in where asked (403 with `code: 'step-up'`), then the context. A route
 * returns the Response when it gets one.
 */
export async function adminRouteContext(
  permission: Permission,
  options: { stepUp?: boolean } = {},
): Promise<AdminContext | NextResponse> {
  const session = await getAdminSession();
  if (!session) return NextResponse.json({ error: SIGNED_OUT.error }, { status: 401, headers: noStore });
  if (!can(session.account.role, permission))
    return NextResponse.json({ error: 'Your account does not have access to this.' }, { status: 403, headers: noStore });
  if (options.stepUp && needsStepUp(session))
    return NextResponse.json({ error: STEP_UP_REQUIRED.error, code: 'step-up' }, { status: 403, headers: noStore });
  return adminContext(session);
}
