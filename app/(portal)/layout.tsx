import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { PortalFrame } from '@/components/portal/portal-frame';

// A borrower's file and a builder's link are nobody's search result; no referrer carries a link's
// token to another site (not 'no-referrer', which makes browsers send `Origin: null` with forms).
export const metadata: Metadata = { robots: { index: false, follow: false }, referrer: 'same-origin' };

/**
 * The borrower's and the builder's portal (issue 30): rendered per request for the person signed
 * in (or holding the link), never cached, with a per-request CSP nonce (proxy.ts).
 */
export const instant = false;

export default function PortalLayout({ children }: { children: ReactNode }) {
  return <PortalFrame>{children}</PortalFrame>;
}
