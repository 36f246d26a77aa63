import type { Metadata } from 'next';
import { Hero } from '@/components/home/hero';
import { getSiteContent } from '@/lib/content/queries.server';

export async function generateMetadata(): Promise<Metadata> {
  const { meta } = await getSiteContent();
  return { title: meta.home.title, description: meta.home.description };
}

export default async function HomePage() {
  const content = await getSiteContent();
  return <Hero hero={content.hero} />;
}
