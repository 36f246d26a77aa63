'use client';

import type { ActionResult } from '@/lib/admin/result';

/**
 * Runs an admin action that may need a recent sign-in (exports, security settings, deletions).
 * When the server answers `code: 'step-up'`, the owner is asked to confirm it is them and the
 * action runs again. PLACEHOLDER until the confirmation dialog lands (issue 17, two-factor work):
 * for now the step-up answer is returned as it is (its toast asks the user to sign in again).
 */
export async function withStepUp<T>(run: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  return run();
}
