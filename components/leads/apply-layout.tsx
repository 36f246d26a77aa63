import type { ReactNode } from 'react';
import { buttonStyles } from '@/lib/ui/button-styles';

/** The success view's Close on the application's pages: back to the home page. */
export const applyCloseLink = (
  <a href="/" className={buttonStyles.dark}>
    Close
  </a>
);

/**
 * The frame of /apply, shared by the page and its per-link variant (app/(site)/apply/). Like every
 * public page it boots at the first interaction, unless the tab keeps a draft of the application:
 * the boot script then boots it at once, so React restores the draft as part of the first view
 * (lib/site/boot/start.ts, bootIfStored; ADR 024).
 */
export function ApplyLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <h1 className="text-brand-900 text-3xl font-bold tracking-tight sm:text-4xl">Construction Loan Application</h1>
      <p className="mt-4 text-slate-700">
        Tell us about your project and yourself. A specialist reviews every application and answers within 24 hours.
      </p>
      <div className="card mt-8">{children}</div>
    </div>
  );
}
