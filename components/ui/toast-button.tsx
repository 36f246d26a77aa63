'use client';

import type { ReactNode } from 'react';
import { showToast, type ToastMessage } from './toast-store';

/** A button whose only job is to raise a toast (the spec's phone and placeholder buttons). */
export function ToastButton({
  toast,
  className,
  children,
  ...rest
}: { toast: Omit<ToastMessage, 'id'>; className?: string; children: ReactNode } & Omit<
  React.ButtonHTMLAttributes<HTMLButtonElement>,
  'onClick' | 'type'
>) {
  return (
    <button type="button" className={className} onClick={() => showToast(toast)} {...rest}>
      {children}
    </button>
  );
}
