import type { Metadata } from 'next';
import { LegalPage } from '@/components/site/legal-page';
import { getSiteContent } from '@/lib/content/queries.server';
import { pageMetadata } from '@/lib/site/metadata.server';

export async function generateMetadata(): Promise<Metadata> {
  const { legal, header } = await getSiteContent();
  return pageMetadata({
    title: `${legal.privacy.title} | ${header.title}`,
    description: `How ${header.title} collects, uses and protects your information.`,
    path: '/privacy',
  });
}

export default async function PrivacyPage() {
  const { legal } = await getSiteContent();
  return <LegalPage page={legal.privacy} />;
}
