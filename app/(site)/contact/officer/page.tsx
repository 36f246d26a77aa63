import type { Metadata } from 'next';
import { ContactForm } from '@/components/leads/contact-form';
import { OfficerPhoto } from '@/components/officers/officer-photo';
import { buttonStyles } from '@/lib/ui/button-styles';
import { getSiteContent } from '@/lib/content/queries.server';
import { HIDDEN } from '@/lib/leads/fields';
import { getOfficerBySlug } from '@/lib/officers/queries.server';
import { isOfficerSlug } from '@/lib/officers/slug';
import { pageMetadata } from '@/lib/site/metadata.server';
import { telHref } from '@/lib/site/phone';

export const metadata: Metadata = {
  ...pageMetadata({
    title: 'Contact Us',
    description: 'Send a message to one of our loan officers; they answer within 24 hours.',
    path: '/contact',
  }),
  robots: { index: false, follow: true },
};

/**
 * /contact as an officer's profile links to it (next.config.ts rewrites `/contact?officer=<slug>`
 * here, so /contact itself stays one cached page): the contact form with the officer's slug as a
 * hidden field, so the message goes to them. Made per request from the query, whole (no static
 * shell with a streamed part: it works without JavaScript). A slug that names no published profile
 * gives the plain form. Its form posts to /contact, like the page's.
 */
export const instant = false;

type Query = Record<string, string | string[] | undefined>;

export default async function ContactOfficerPage({ searchParams }: { searchParams: Promise<Query> }) {
  const wanted = (await searchParams)[HIDDEN.officer];
  const [officer, { contact }] = await Promise.all([
    // Only a well-formed address is looked up: a made-up query adds no entry to the cache.
    isOfficerSlug(wanted) ? getOfficerBySlug(wanted) : null,
    getSiteContent(),
  ]);
  const phone = officer?.phone || contact.phone;
  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-5 md:py-16 lg:px-8">
      <div className="md:col-span-2">
        <h1 className="text-brand-900 text-3xl font-bold tracking-tight sm:text-4xl">
          {officer ? `Message ${officer.displayName}` : 'Contact Us'}
        </h1>
        {officer ? (
          <div className="mt-6 flex items-center gap-4">
            <OfficerPhoto officer={officer} size="card" />
            <p className="text-slate-800">
              {officer.title && (
                <>
                  {officer.title}
                  <br />
                </>
              )}
              NMLS ID {officer.nmlsId}
              <br />
              <a href={`/team/${officer.slug}`} className="text-brand-700 font-medium underline">
                {officer.displayName}’s profile
              </a>
            </p>
          </div>
        ) : null}
        <p className="mt-6 text-slate-700">
          {officer
            ? `Your message goes to ${officer.displayName}, who answers within 24 hours.`
            : 'Send us a message and a construction loan specialist will answer within 24 hours.'}{' '}
          Or call{' '}
          <a href={telHref(phone)} className="text-brand-700 font-medium underline">
            {phone}
          </a>
          .
        </p>
      </div>
      <div className="card md:col-span-3">
        <ContactForm
          page="/contact"
          officer={officer?.slug}
          closeButton={
            <a href={officer ? `/team/${officer.slug}` : '/'} className={buttonStyles.dark}>
              Close
            </a>
          }
        />
      </div>
    </div>
  );
}
