import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { OfficerPageBody } from '@/components/officers/officer-page';
import { JsonLd } from '@/components/site/json-ld';
import { getSiteContent } from '@/lib/content/queries.server';
import { env } from '@/lib/env.server';
import { profileJsonLd } from '@/lib/officers/json-ld';
import { getOfficerBySlug, getPublishedOfficers } from '@/lib/officers/queries.server';
import { pageMetadata } from '@/lib/site/metadata.server';

type Props = { params: Promise<{ slug: string }> };

/**
 * The published profiles are prerendered; one published later is rendered at its first visit, then
 * cached until a profile changes. Cache Components needs one value to prerender the route with:
 * with no profile yet, '_', which names none (slugs are letters, digits and hyphens).
 */
export async function generateStaticParams() {
  const officers = await getPublishedOfficers();
  return officers.length > 0 ? officers.map((officer) => ({ slug: officer.slug })) : [{ slug: '_' }];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const officer = await getOfficerBySlug((await params).slug);
  if (!officer) return { title: 'Loan officer not found', robots: { index: false } };
  const { header } = await getSiteContent();
  return pageMetadata({
    title: `${officer.displayName}, ${officer.title || 'Loan Officer'} (NMLS ID ${officer.nmlsId}) | ${header.title}`,
    description: `${officer.displayName}, NMLS ID ${officer.nmlsId}, ${header.title}. Contact or apply with ${officer.displayName}.`,
    path: `/team/${officer.slug}`,
    image: officer.photo?.url,
  });
}

/**
 * One loan officer's profile (issue 31), server-rendered from the cached profile; the ad archive
 * renders the same body from its versions.
 */
export default async function OfficerPage({ params }: Props) {
  const { slug } = await params;
  const [officer, { company, contact }] = await Promise.all([getOfficerBySlug(slug), getSiteContent()]);
  if (!officer) notFound();
  return (
    <OfficerPageBody
      officer={officer}
      company={company}
      contact={contact}
      structuredData={
        <JsonLd data={profileJsonLd(officer, { legalName: company.legalName, nmlsId: company.nmlsId, siteUrl: env.SITE_URL })} />
      }
    />
  );
}
