'use client';

import { showToast } from '@/components/ui/toast-store';
import type { ActionResult } from '@/lib/admin/result';

/** Shows an action's result as the toast; true when it succeeded. */
export function toastResult(result: ActionResult<unknown>): boolean {
  if (result.ok) showToast({ title: result.title, description: result.message, variant: 'success' });
  else showToast({ title: result.title, description: result.error, variant: 'error' });
  return result.ok;
}
