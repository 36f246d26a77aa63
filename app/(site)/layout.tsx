import type { ReactNode } from 'react';

/** Public pages: server-rendered from cached content, the same HTML for every visitor. */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return <main id="main">{children}</main>;
}
