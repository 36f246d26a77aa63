'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { OWNER_MARKER_COOKIE } from '@/lib/auth/owner-marker';

/**
 * The only edit-mode code every visitor downloads (kept tiny: public-page JavaScript is
 * budgeted). Without the owner marker cookie it does nothing at all; with it, it asks the server
 * whether the session is live and only then downloads the edit-mode module.
 */
export function EditModeLoader() {
  const [EditMode, setEditMode] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!document.cookie.split('; ').includes(`${OWNER_MARKER_COOKIE}=1`)) return;
    fetch('/api/admin/edit-session', { cache: 'no-store' })
      .then((response) => response.json() as Promise<{ signedIn?: boolean }>)
      .then(async ({ signedIn }) => {
        if (signedIn) {
          const { EditMode } = await import('./edit-mode');
          setEditMode(() => EditMode);
        }
      })
      .catch(() => undefined);
  }, []);
  return EditMode ? <EditMode /> : null;
}
