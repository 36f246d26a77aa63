import Link from 'next/link';
import type { ReactNode } from 'react';
import { getSiteContent } from '@/lib/content/queries.server';

/** The portal's frame: the company and how to reach it, then the page. Plain: it works on any phone. */
export async function PortalFrame({ children }: { children: ReactNode }) {
  const { header, contact, company } = await getSiteContent();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <a
        href="#main"
        className="text-brand-900 sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <Link href="/" className="font-semibold">
            {header.title}
          </Link>
          <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="text-sm underline-offset-2 hover:underline">
            {contact.phone}
          </a>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 outline-none">
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <p className="mx-auto max-w-3xl px-4 py-4 text-sm text-slate-700">
          {company.legalName} · NMLS ID {company.nmlsId} ·{' '}
          <Link href="/privacy" className="text-brand-800 underline">
            Privacy
          </Link>
        </p>
      </footer>
    </div>
  );
}
