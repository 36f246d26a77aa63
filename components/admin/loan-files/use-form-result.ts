'use client';

import { startTransition, useActionState, useEffect, useRef, type FormEvent } from 'react';
import { showToast } from '@/components/ui/toast-store';
import type { ActionResult } from '@/lib/admin/result';

type FormAction<T> = (previous: ActionResult<T> | null, formData: FormData) => Promise<ActionResult<T>>;

/**
 * A loan file form's action: its result as a toast, and the field errors to show. Submitted by
 * hand rather than through `<form action>`, which React resets after every submission: a refused
 * reason or address stays in its field to be corrected. `reset` clears the form after a success
 * (a new item's fields, a rejection's reason).
 */
export function useFormResult<T>(action: FormAction<T>, { reset = false } = {}) {
  const [state, dispatch, pending] = useActionState(action, null);
  // The form last submitted, to clear after a success.
  const formRef = useRef<HTMLFormElement | null>(null);

  useEffect(() => {
    if (!state) return;
    if (state.ok) {
      showToast({ title: state.title, description: state.message, variant: 'success' });
      if (reset) formRef.current?.reset();
    } else showToast({ title: state.title, description: state.error, variant: 'error' });
    // Only a new result toasts, not a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    formRef.current = event.currentTarget;
    const formData = new FormData(event.currentTarget);
    startTransition(() => dispatch(formData));
  };
  const fieldErrors = state && !state.ok ? (state.fieldErrors ?? {}) : {};
  return { onSubmit, pending, fieldErrors };
}
