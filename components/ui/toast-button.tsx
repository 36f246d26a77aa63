'use client';

import type { ReactNode } from 'react';
import { EARLY, earlyJson } from '@/lib/site/early-controls';
import { showToast, type ToastMessage } from './toast-store';

/**
 * A button whose only job is to raise a toast (the spec's phone and placeholder buttons). Its
 * words are also in a data attribute, so the boot script raises the toast before React has
 * booted (ADR 015); an action that runs code, not a link, waits for React.
 */
export function ToastButton({
  toast,
  className,
  children,
  ...rest
}: { toast: Omit<ToastMessage, 'id'>; className?: string; children: ReactNode } & Omit<
  React.ButtonHTMLAttributes<HTMLButtonElement>,
  'onClick' | 'type'
>) {
  const early = !toast.action?.onClick && {
    [EARLY.toast]: earlyJson({ title: toast.title, description: toast.description, action: toast.action }),
  };
  return (
    <button type="button" className={className} onClick={() => showToast(toast)} {...early} {...rest}>
      {children}
    </button>
  );
}
