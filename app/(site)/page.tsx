import type { Metadata } from 'next';
import { HomePageBody } from '@/components/home/home-page';
import { ApplicationForm } from '@/components/leads/application-form';
import { DialogCloseButton, LeadDialog } from '@/components/leads/lead-dialog';
import { JsonLd } from '@/components/site/json-ld';
import { Icon } from '@/components/site/sprite-icon';
import { getSiteContent } from '@/lib/content/queries.server';
import { STATE_OPTIONS } from '@/lib/leads/property-state-options';
import { env } from '@/lib/env.server';
import { paymentsConfigured } from '@/lib/payments/stripe.server';
import { getRates } from '@/lib/rates/queries.server';
import { pageMetadata } from '@/lib/site/metadata.server';

export async function generateMetadata(): Promise<Metadata> {
  const { meta } = await getSiteContent();
  return pageMetadata({ ...meta.home, path: '/' });
}

/** The home page from the cached content and rates (the ad archive renders the same body from its versions). */
export default async function HomePage() {
  const [content, rates] = await Promise.all([getSiteContent(), getRates()]);
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'FinancialService',
          name: content.company.legalName,
          description: content.meta.home.description,
          url: env.SITE_URL,
          telephone: content.contact.phone,
          email: content.contact.email,
          image: `${env.SITE_URL}${content.hero.imageUrl.startsWith('/') ? content.hero.imageUrl : ''}`,
          areaServed: { '@type': 'Country', name: 'United States' },
          identifier: { '@type': 'PropertyValue', propertyID: 'NMLS', value: content.company.nmlsId },
        }}
      />
      <HomePageBody content={content} rates={rates} paymentsEnabled={paymentsConfigured(env)} />
      {/* Sent with the page, so its openers show it at once (ADR 015). */}
      <LeadDialog modal="application" closeIcon={<Icon name="x" className="size-5" />}>
        <ApplicationForm
          layout="steps"
          page="/"
          stepHeadingTag="h3"
          closeButton={<DialogCloseButton />}
          stateOptions={STATE_OPTIONS}
        />
      </LeadDialog>
    </>
  );
}
