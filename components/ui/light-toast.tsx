import type { ToastMessage } from './toast-store';

/**
 * A toast drawn like the Radix one (./radix-toaster.tsx) while that UI is still on its way: the
 * first toast after hydration shows at once instead of after a round trip. Same classes as the
 * boot script's toast before React (app/globals.css), in the same live region role.
 */
export function LightToast({ toast }: { toast: ToastMessage | null }) {
  if (!toast) return null;
  return (
    <div role="status" aria-live="polite" className="early-toast-viewport">
      <div className={toast.variant === 'error' ? 'early-toast early-toast-error' : 'early-toast'}>
        <div className="early-toast-title">{toast.title}</div>
        {toast.description && <div className="early-toast-description">{toast.description}</div>}
        {toast.action?.href && (
          <a className="early-toast-action" href={toast.action.href}>
            {toast.action.label}
          </a>
        )}
      </div>
    </div>
  );
}
