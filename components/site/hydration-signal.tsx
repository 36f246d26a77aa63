'use client';

import { useEffect } from 'react';
import { HYDRATED_ATTRIBUTE, HYDRATED_EVENT } from '@/lib/site/deferred-boot-markers';

/** Tells the deferred boot script (and tests) that React has taken over the page. */
export function HydrationSignal() {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}
