import type { Metadata } from 'next';
import { TeamPageBody } from '@/components/officers/team-page';
import { JsonLd } from '@/components/site/json-ld';
import { getSiteContent } from '@/lib/content/queries.server';
import { env } from '@/lib/env.server';
import { teamJsonLd } from '@/lib/officers/json-ld';
import { getPublishedOfficers } from '@/lib/officers/queries.server';
import { pageMetadata } from '@/lib/site/metadata.server';

export async function generateMetadata(): Promise<Metadata> {
  const { header, company } = await getSiteContent();
  return pageMetadata({
    title: `Our Loan Officers | ${header.title}`,
    description: `The loan officers of ${company.legalName}, with their NMLS IDs and the states they are licensed in.`,
    path: '/team',
  });
}

/**
 * /team (issue 31): the published loan officer profiles, each with its NMLS ID linked to NMLS
 * Consumer Access. Rendered on the server from the cached profiles (expired by every profile
 * write), no script of its own; the ad archive renders the same body from its versions.
 */
export default async function TeamPage() {
  const [{ company }, officers] = await Promise.all([getSiteContent(), getPublishedOfficers()]);
  return (
    <TeamPageBody
      company={company}
      officers={officers}
      structuredData={
        <JsonLd data={teamJsonLd(officers, { legalName: company.legalName, nmlsId: company.nmlsId, siteUrl: env.SITE_URL })} />
      }
    />
  );
}
