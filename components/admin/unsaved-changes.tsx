'use client';

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * Which dashboard sections hold unsaved edits. The section links ask before leaving one and the
 * browser asks (beforeunload) before the page is left or reloaded. A section Next keeps hidden
 * after a navigation (React Activity) runs its effect cleanups, so only the shown one counts.
 */
type Registry = { set: (key: string, dirty: boolean) => void; isDirty: (key?: string) => boolean };

const UnsavedContext = createContext<Registry | null>(null);

export const LEAVE_MESSAGE = 'You have unsaved changes. Leave without saving them?';

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [registry] = useState<Registry>(() => {
    const dirty = new Set<string>();
    return {
      set: (key, value) => void (value ? dirty.add(key) : dirty.delete(key)),
      isDirty: (key) => (key ? dirty.has(key) : dirty.size > 0),
    };
  });

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!registry.isDirty()) return;
      event.preventDefault();
      event.returnValue = ''; // older browsers need it set to show the prompt
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [registry]);

  return <UnsavedContext.Provider value={registry}>{children}</UnsavedContext.Provider>;
}

export function useUnsavedRegistry(): Registry {
  const registry = useContext(UnsavedContext);
  if (!registry) throw new Error('useUnsavedRegistry must be used inside UnsavedChangesProvider');
  return registry;
}

/** Marks a panel as holding unsaved edits while `dirty` is true. */
export function useUnsavedChanges(key: string, dirty: boolean): void {
  const registry = useUnsavedRegistry();
  useEffect(() => {
    registry.set(key, dirty);
    return () => registry.set(key, false);
  }, [registry, key, dirty]);
}
