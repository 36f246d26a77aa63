import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { getSiteContent } from '@/lib/content/queries.server';
import { env } from '@/lib/env.server';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const { header } = await getSiteContent();
  return {
    metadataBase: new URL(env.SITE_URL),
    title: { default: header.title, template: `%s` },
    applicationName: header.title,
    openGraph: { siteName: header.title, locale: 'en_US' },
    alternates: { types: { 'application/rss+xml': '/blog/rss.xml' } },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#1e3a5f',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        {children}
        <Toaster />
      </body>
    </html>
  );
}
