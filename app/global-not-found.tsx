import type { Metadata } from 'next';
import { PageNotFound } from '@/components/site/not-found-message';
import { SiteFrame } from '@/components/site/site-frame';
import { Toaster } from '@/components/ui/toaster';
import './globals.css';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

/**
 * Every URL that matches no route (next.config.ts, experimental.globalNotFound). Next renders it
 * whole on the server as a page of its own, with a 404, unlike a notFound() thrown while rendering
 * a page, whose HTML is an empty document that only Next's scripts fill in (vercel/next.js#62228).
 * A document of its own rather than app/not-found.tsx: a root not-found is rendered into every
 * page's payload in case it is needed, and with the site's frame it would add a second header and
 * footer to every page.
 */
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <SiteFrame>
          <PageNotFound />
        </SiteFrame>
        <Toaster />
      </body>
    </html>
  );
}
