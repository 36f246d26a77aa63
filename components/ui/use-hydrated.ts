'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and while React hydrates, true once React owns the component. A form
 * whose state lives in React disables its controls until then: a value typed or a button pressed
 * before hydration would reach the DOM but never React's state, and be lost or saved stale.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
