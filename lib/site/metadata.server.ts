import 'server-only';
import type { Metadata } from 'next';

/** Title, description, canonical URL and Open Graph tags for one public page. */
export function pageMetadata({
  title,
  description,
  path,
  type = 'website',
  image,
  publishedTime,
}: {
  title: string;
  description: string;
  path: string;
  type?: 'website' | 'article';
  image?: string;
  publishedTime?: string;
}): Metadata {
  const images = image ? [{ url: image }] : undefined;
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: { title, description, url: path, type, images, ...(publishedTime ? { publishedTime } : {}) },
    twitter: { card: image ? 'summary_large_image' : 'summary', title, description },
  };
}
