import 'server-only';
import { can, type Permission } from '../auth/roles';
import type { AdminSession } from '../auth/sessions.server';
import { needsStepUp } from '../auth/step-up';
import { blockedUntilTwoFactor } from '../auth/two-factor/requirement.server';
import { getDb } from '../db/index.server';

/**
 * Why a signed-in session may not go on, in the one order every admin gate checks it (actions,
 * pages, routes): its role lacks the permission; the owner requires two-factor and it has none;
 * it needs a recent sign-in and has none. Each gate answers the reason in its own shape.
 */
export type Refusal = 'forbidden' | 'two-factor' | 'step-up';

export async function refusalFor(
  session: AdminSession,
  permission: Permission,
  options: { stepUp?: boolean } = {},
): Promise<Refusal | null> {
  if (!can(session.account.role, permission)) return 'forbidden';
  if (await blockedUntilTwoFactor(await getDb(), session.account.id, permission)) return 'two-factor';
  if (options.stepUp && needsStepUp(session)) return 'step-up';
  return null;
}
