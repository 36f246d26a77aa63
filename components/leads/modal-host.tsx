'use client';

import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { currentLeadModal, subscribeLeadModal } from './modal-store';

// The modals, their forms and Radix Dialog are downloaded when a visitor first opens one.
const LeadModals = lazy(() => import('./lead-modals'));

/** Mounted once in the site layout; renders nothing until a lead modal is first opened. */
export function LeadModalHost() {
  const modal = useSyncExternalStore(subscribeLeadModal, currentLeadModal, () => null);
  const [used, setUsed] = useState(false);
  if (modal && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LeadModals modal={modal} />
    </Suspense>
  );
}
