import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { OfficerFacts } from '@/components/officers/officer-facts';
import { OfficerPhoto } from '@/components/officers/officer-photo';
import { JsonLd } from '@/components/site/json-ld';
import { buttonStyles } from '@/components/ui/button-styles';
import { getSiteContent } from '@/lib/content/queries.server';
import { env } from '@/lib/env.server';
import { profileJsonLd } from '@/lib/officers/json-ld';
import { getOfficerBySlug, getPublishedOfficers } from '@/lib/officers/queries.server';
import { nmlsConsumerAccessUrl } from '@/lib/site/nav';
import { pageMetadata } from '@/lib/site/metadata.server';
import { telHref } from '@/lib/site/phone';

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
 * One loan officer's profile (issue 31): who they are, their NMLS ID linked to their NMLS
 * Consumer Access record beside the company's, where they are licensed, and their own contact and
 * apply links, whose forms carry the profile's slug so the lead goes to them. Server-rendered.
 */
export default async function OfficerPage({ params }: Props) {
  const { slug } = await params;
  const [officer, { company, contact }] = await Promise.all([getOfficerBySlug(slug), getSiteContent()]);
  if (!officer) notFound();
  const phone = officer.phone || contact.phone;
  const query = `officer=${encodeURIComponent(officer.slug)}`;
  return (
    <article className="mx-auto max-w-4xl px-4 py-12 sm:px-6 md:py-16">
      <JsonLd data={profileJsonLd(officer, { legalName: company.legalName, nmlsId: company.nmlsId, siteUrl: env.SITE_URL })} />
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
