import 'server-only';
import { can, type Permission } from '../auth/roles';
import type { AdminSession } from '../auth/sessions.server';
import { needsStepUp } from '../auth/step-up';
import { blockedUntilTwoFactor } from '../auth/two-factor/requirement.server';
import { getDb } from '../db/index.server';

/**
 * Why a signed-in session may not go on, in the one order every admin gate checks it (actions,
 * pages, routes): the built-in default password is still in effect and this is not where another
 * is chosen; its role lacks the permission; the owner requires two-factor and it has none; it
 * needs a recent sign-in and has none. Each gate answers the reason in its own shape.
 */
export type Refusal = 'choose-password' | 'forbidden' | 'two-factor' | 'step-up';

export interface AdmissionOptions {
  stepUp?: boolean;
  /** The 'Choose your password' page and its action: the only ones open while the default is in effect. */
  choosingPassword?: boolean;
}

export async function refusalFor(
  session: AdminSession,
  permission: Permission,
  options: AdmissionOptions = {},
): Promise<Refusal | null> {
  // The default password is printed on /login: a session it started may only replace it (issue 28).
  if (session.mustChoosePassword && !options.choosingPassword) return 'choose-password';
  if (!can(session.account.role, permission)) return 'forbidden';
  if (await blockedUntilTwoFactor(await getDb(), session.account.id, permission)) return 'two-factor';
  if (options.stepUp && needsStepUp(session)) return 'step-up';
  return null;
}
