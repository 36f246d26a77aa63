import { EARLY } from '@/lib/site/early-controls';

/**
 * Where the boot script shows a toast raised before React has booted (ADR 015). React renders it
 * empty and never touches what is inside (an element with inner HTML is not hydrated child by
 * child), so a toast on screen while React takes over stays until it times out, its close button
 * (answered by the boot script, before React and after) is pressed, or React raises the next one
 * (components/ui/toast-store.ts empties this host). A live region, so it is announced like the
 * toasts React shows.
 */
export function EarlyToastHost() {
  return (
    <div
      id={EARLY.toastHost}
      role="status"
      aria-live="polite"
      className="early-toast-viewport"
      dangerouslySetInnerHTML={{ __html: '' }}
      suppressHydrationWarning
    />
  );
}
