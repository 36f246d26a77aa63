import type { Metadata } from 'next';
import { PageNotFound } from '@/components/site/not-found-message';
import { SiteFrame } from '@/components/site/site-frame';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

/**
 * Every URL that matches no route. Next renders this as its own page (`/_not-found`), whole on the
 * server with a 404, unlike a notFound() thrown while rendering a page, whose HTML is an empty
 * document that only Next's scripts fill in (vercel/next.js#62228). It is rendered in the root
 * layout, outside the public pages' layout, so it brings the site's frame itself.
 */
export default function NotFound() {
  return (
    <SiteFrame>
      <PageNotFound />
    </SiteFrame>
  );
}
