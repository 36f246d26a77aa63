import type { ReactNode } from 'react';
import { OfficerFacts } from '@/components/officers/officer-facts';
import { OfficerPhoto } from '@/components/officers/officer-photo';
import { buttonStyles } from '@/lib/ui/button-styles';
import type { SiteContent } from '@/lib/content/schema';
import type { OfficerProfile } from '@/lib/officers/types';
import { nmlsConsumerAccessUrl } from '@/lib/site/nav';
import { telHref } from '@/lib/site/phone';

/**
 * One loan officer's profile from its data: who they are, their NMLS ID linked to their NMLS
 * Consumer Access record beside the company's, where they are licensed, and their own contact and
 * apply links, whose forms carry the profile's slug so the lead goes to them. /team/<slug> passes
 * the profile the site reads now, with its structured data; the ad archive (lib/archive) passes
 * the profile as it was at a past moment.
 */
export function OfficerPageBody({
  officer,
  company,
  contact,
  structuredData,
}: {
  officer: OfficerProfile;
  company: SiteContent['company'];
  contact: SiteContent['contact'];
  structuredData?: ReactNode;
}) {
  // Without a phone of their own, the company's.
  const phone = officer.phone || contact.phone;
  const query = `officer=${encodeURIComponent(officer.slug)}`;
  return (
    <article className="mx-auto max-w-4xl px-4 py-12 sm:px-6 md:py-16">
      {structuredData}
      <a href="/team" className="text-brand-700 font-medium hover:underline">
        ← All loan officers
      </a>
      <header className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
        <OfficerPhoto officer={officer} size="profile" preload />
        <div>
          <h1 className="text-brand-900 text-3xl font-bold tracking-tight sm:text-4xl">{officer.displayName}</h1>
          {officer.title && <p className="mt-1 text-lg text-slate-700">{officer.title}</p>}
          <p className="mt-1 text-slate-700">
            {company.legalName}, NMLS ID {company.nmlsId} (
            <a
              href={nmlsConsumerAccessUrl(company.nmlsId)}
              className="text-brand-700 font-medium underline"
              rel="noopener noreferrer"
              target="_blank"
            >
              verify {company.legalName} at NMLS Consumer Access
            </a>
            )
          </p>
        </div>
      </header>
      <OfficerFacts officer={officer} className="mt-8" />
      {officer.bio && (
        <section aria-labelledby="officer-about" className="mt-8">
          <h2 id="officer-about" className="text-brand-900 text-2xl font-semibold">
            About {officer.displayName}
          </h2>
          {officer.bio.split(/\n\s*\n/).map((paragraph, i) => (
            <p key={i} className="mt-3 leading-relaxed whitespace-pre-line text-slate-700">
              {paragraph}
            </p>
          ))}
        </section>
      )}
      <section aria-labelledby="officer-contact" className="bg-brand-50 mt-10 rounded-xl p-6">
        <h2 id="officer-contact" className="text-brand-900 text-2xl font-semibold">
          Work with {officer.displayName}
        </h2>
        <p className="mt-2 text-slate-700">
          Call{' '}
          <a href={telHref(phone)} className="text-brand-700 font-medium underline">
            {phone}
          </a>
          , or send a message or an application: it goes straight to {officer.displayName}.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={`/apply?${query}`} className={buttonStyles.primary}>
            Apply with {officer.displayName}
          </a>
          <a href={`/contact?${query}`} className={buttonStyles.secondary}>
            Message {officer.displayName}
          </a>
        </div>
      </section>
    </article>
  );
}
