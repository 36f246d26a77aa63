'use client';

import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '@/lib/ui/cn';
import { dismissToast, type ToastMessage } from './toast-store';

const variants = {
  info: 'border-slate-300 bg-white text-slate-900',
  success: 'border-green-700 bg-green-50 text-green-950',
  error: 'border-red-700 bg-red-50 text-red-950',
};

/**
 * The spec's toast rules: one at a time, shown for 5 seconds, dismissed by a 50 px swipe, and
 * reachable with F8. Radix announces each toast to screen readers through a live region.
 */
export default function RadixToaster({ toast }: { toast: ToastMessage | null }) {
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toast && (
        <Toast.Root
          key={toast.id}
          type={toast.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismissToast(toast.id)}
          className={cn(
            'relative grid gap-1 rounded-lg border-l-4 p-4 pr-10 shadow-lg',
            'data-[swipe=end]:animate-none data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            variants[toast.variant ?? 'info'],
          )}
        >
          <Toast.Title className="font-semibold">{toast.title}</Toast.Title>
          {toast.description && <Toast.Description className="text-sm">{toast.description}</Toast.Description>}
          {toast.action && (
            <Toast.Action altText={toast.action.label} asChild>
              {toast.action.href ? (
                <a
                  href={toast.action.href}
                  className="bg-brand-700 mt-2 w-fit rounded-md px-3 py-1.5 text-sm font-semibold text-white"
                >
                  {toast.action.label}
                </a>
              ) : (
                <button
                  type="button"
                  onClick={toast.action.onClick}
                  className="bg-brand-700 mt-2 w-fit rounded-md px-3 py-1.5 text-sm font-semibold text-white"
                >
                  {toast.action.label}
                </button>
              )}
            </Toast.Action>
          )}
          <Toast.Close aria-label="Close" className="absolute top-3 right-3 rounded p-1 text-slate-600 hover:bg-black/5">
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
