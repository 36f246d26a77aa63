'use client';

import { X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { cn } from '@/lib/ui/cn';

/**
 * Site-wide notifications with the spec's rules: one toast at a time (a new one replaces the
 * last), shown for 5 seconds, dismissed by a 50 px swipe, focused with F8, announced to screen
 * readers by Radix's live region.
 */

export type ToastVariant = 'info' | 'success' | 'error';
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

const ToastContext = createContext<((message: ToastMessage) => void) | null>(null);

export function useToast(): (message: ToastMessage) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>.');
  return show;
}

const variantStyles: Record<ToastVariant, string> = {
  info: 'border-slate-300 bg-white text-slate-900',
  success: 'border-green-700 bg-green-50 text-green-950',
  error: 'border-red-700 bg-red-50 text-red-950',
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { id: number }) | null>(null);
  const show = useCallback((message: ToastMessage) => setCurrent({ ...message, id: Date.now() + Math.random() }), []);
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext value={value}>
      <RadixToast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
        {children}
        {current && (
          <RadixToast.Root
            key={current.id}
            type={current.variant === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => !open && setCurrent(null)}
            className={cn(
              'grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-lg border-l-4 p-4 shadow-lg',
              'data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
              variantStyles[current.variant ?? 'info'],
            )}
          >
            <RadixToast.Title className="font-semibold">{current.title}</RadixToast.Title>
            <RadixToast.Close aria-label="Dismiss notification" className="rounded p-1 hover:bg-black/5">
              <X aria-hidden="true" className="size-4" />
            </RadixToast.Close>
            {current.description && (
              <RadixToast.Description className="col-span-2 mt-1 text-sm">{current.description}</RadixToast.Description>
            )}
          </RadixToast.Root>
        )}
        <RadixToast.Viewport
          hotkey={['F8']}
          className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
        />
      </RadixToast.Provider>
    </ToastContext>
  );
}
