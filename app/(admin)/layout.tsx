import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { HydrationSignal } from '@/components/site/hydration-signal';

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * Admin pages (login and dashboard) are rendered per request: they read the session, and their
 * Content-Security-Policy carries a fresh nonce (proxy.ts), so none of them has a static shell.
 */
export const instant = false;

export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="min-h-screen bg-slate-50">
      {children}
      {/* Marks the page once React has taken it over: a test that clicks before that clicks nothing. */}
      <HydrationSignal />
    </main>
  );
}
