'use client';

import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { LightToast } from './light-toast';
import { currentToast, subscribeToasts } from './toast-store';

// The Radix toast UI is downloaded with the first toast, not with every page; meanwhile the toast
// shows in a light look-alike.
const RadixToaster = lazy(() => import('./radix-toaster'));

/** Mounted once in the root layout; renders nothing until the first toast is raised. */
export function Toaster() {
  const toast = useSyncExternalStore(subscribeToasts, currentToast, () => null);
  const [used, setUsed] = useState(false);
  if (toast && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={<LightToast toast={toast} />}>
      <RadixToaster toast={toast} />
    </Suspense>
  );
}
