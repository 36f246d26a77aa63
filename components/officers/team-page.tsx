import type { ReactNode } from 'react';
import { OfficerCard } from '@/components/officers/officer-card';
import type { SiteContent } from '@/lib/content/schema';
import type { OfficerProfile } from '@/lib/officers/types';
import { nmlsConsumerAccessUrl } from '@/lib/site/nav';

/**
 * /team from its data: the published loan officer profiles, each with its NMLS ID linked to NMLS
 * Consumer Access, beside the company's. /team passes what the site reads now, with its
 * structured data; the ad archive (lib/archive) passes the profiles as they were at a past moment.
 */
export function TeamPageBody({
  company,
  officers,
  structuredData,
}: {
  company: SiteContent['company'];
  officers: readonly OfficerProfile[];
  structuredData?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      {structuredData}
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
