'use client';

import { useActionState } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { useHydrated } from '@/components/ui/use-hydrated';
import type { ActionResult } from '@/lib/admin/result';
import { showSetupItemsAgainAction, skipSetupItemAction } from '@/lib/setup-checklist/actions/checklist';
import type { SetupItemId } from '@/lib/setup-checklist/items';

const BUTTON =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-100 disabled:opacity-70';

type FormAction = (state: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * The action, with its answer as a toast (read out by screen readers too: the list changes
 * silently). Shown when the answer arrives, not after the next render: the refresh that comes with
 * it can remove the very button (the last item skipped hides the list, 'Show again' hides the footer).
 */
function withToast(action: FormAction): FormAction {
  return async (state, form) => {
    const result = await action(state, form);
    if (result.ok) showToast({ title: result.title, description: result.message, variant: 'success' });
    else showToast({ title: result.title, description: result.error, variant: 'error' });
    return result;
  };
}

const skipWithToast = withToast(skipSetupItemAction);
const showWithToast = withToast(showSetupItemsAgainAction);

/**
 * 'Skip' on an item still to do, 'Show again' on one skipped. One form, so the button stays where
 * it was for the keyboard when its item changes. Disabled until React owns the page: the toast
 * needs the page's script.
 */
export function SkipItemButton({ item, label, skipped }: { item: SetupItemId; label: string; skipped: boolean }) {
  const hydrated = useHydrated();
  const [, skip, skipping] = useActionState(skipWithToast, null);
  const [, show, showing] = useActionState(showWithToast, null);
  return (
    <form action={skipped ? show : skip}>
      <input type="hidden" name="item" value={item} />
      <button
        type="submit"
        disabled={!hydrated || skipping || showing}
        aria-label={`${skipped ? 'Show again' : 'Skip'}: ${label}`}
        className={BUTTON}
      >
        {skipped ? 'Show again' : 'Skip'}
      </button>
    </form>
  );
}

/** Under the Overview once every item is done or skipped, while one was skipped. */
export function ShowChecklistAgainButton() {
  const hydrated = useHydrated();
  const [, show, pending] = useActionState(showWithToast, null);
  return (
    <form action={show}>
      <button type="submit" disabled={!hydrated || pending} className={BUTTON}>
        Show the setup checklist again
      </button>
    </form>
  );
}
