import type { ReactNode } from 'react';
import { SiteFrame } from '@/components/site/site-frame';

/** Public pages: server-rendered from cached content, the same HTML for every visitor. */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteFrame>{children}</SiteFrame>;
}
