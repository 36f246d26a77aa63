'use client';

import type { ActionResult } from '@/lib/admin/result';
import { requestStepUp } from './step-up-store';

/**
 * Runs an admin action that may need a recent sign-in (exports, security settings, deletions).
 * When the server answers `code: 'step-up'`, the 'Confirm it's you' dialog asks for the password
 * (and code, or a passkey) and the action runs once more. Cancelled, the step-up answer is
 * returned as it is, so the caller's toast explains why nothing happened.
 */
export async function withStepUp<T>(run: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  const first = await run();
  if (first.ok || first.code !== 'step-up') return first;
  if (!(await requestStepUp())) return first;
  return run();
}
