import type { Metadata } from 'next';
import { OfficerCard } from '@/components/officers/officer-card';
import { JsonLd } from '@/components/site/json-ld';
import { getSiteContent } from '@/lib/content/queries.server';
import { env } from '@/lib/env.server';
import { teamJsonLd } from '@/lib/officers/json-ld';
import { getPublishedOfficers } from '@/lib/officers/queries.server';
import { nmlsConsumerAccessUrl } from '@/lib/site/nav';
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
 * write), no script of its own.
 */
export default async function TeamPage() {
  const [{ company }, officers] = await Promise.all([getSiteContent(), getPublishedOfficers()]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <JsonLd data={teamJsonLd(officers, { legalName: company.legalName, nmlsId: company.nmlsId, siteUrl: env.SITE_URL })} />
      <header className="mx-auto mb-12 max-w-3xl text-center">
        <h1 className="text-brand-900 text-4xl font-bold tracking-tight sm:text-5xl">Our Loan Officers</h1>
        <p className="mt-4 text-lg text-slate-700">
          Each of our loan officers is registered with NMLS and licensed in the states listed with their name. {company.legalName}{' '}
          is NMLS ID {company.nmlsId} (
          <a
            href={nmlsConsumerAccessUrl(company.nmlsId)}
            className="text-brand-700 font-medium underline"
            rel="noopener noreferrer"
            target="_blank"
          >
            verify {company.legalName} at NMLS Consumer Access
          </a>
          ).
        </p>
      </header>
      {officers.length > 0 ? (
        <ul className="grid gap-8 md:grid-cols-2" data-testid="officer-list">
          {officers.map((officer) => (
            <li key={officer.accountId}>
              <OfficerCard officer={officer} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-center text-slate-700">
          Our loan officers’ profiles will be listed here. Meanwhile,{' '}
          <a href="/contact" className="text-brand-700 font-medium underline">
            contact us
          </a>{' '}
          and we will put you in touch.
        </p>
      )}
    </div>
  );
}
