import type { Metadata } from 'next';
import { CallToAction } from '@/components/home/call-to-action';
import { EbookPromo } from '@/components/home/ebook-promo';
import { Hero } from '@/components/home/hero';
import { LoanTypes } from '@/components/home/loan-types';
import { Pricing } from '@/components/home/pricing';
import { Process } from '@/components/home/process';
import { RatesTeaser } from '@/components/home/rates-teaser';
import { Stats } from '@/components/home/stats';
import { Testimonials } from '@/components/home/testimonials';
import { CalculatorLinks } from '@/components/calculators/calculator-links';
import { ApplicationForm } from '@/components/leads/application-form';
import { DialogCloseButton, LeadDialog } from '@/components/leads/lead-dialog';
import { contentIconNames } from '@/components/site/icons';
import { JsonLd } from '@/components/site/json-ld';
import { PageIconSprite } from '@/components/site/page-sprites';
import { Icon } from '@/components/site/sprite-icon';
import { CALCULATOR_IDS } from '@/lib/calculators/registry';
import { getSiteContent } from '@/lib/content/queries.server';
import { env } from '@/lib/env.server';
import { paymentsConfigured } from '@/lib/payments/stripe.server';
import { getRates } from '@/lib/rates/queries.server';
import { pageMetadata } from '@/lib/site/metadata.server';

export async function generateMetadata(): Promise<Metadata> {
  const { meta } = await getSiteContent();
  return pageMetadata({ ...meta.home, path: '/' });
}

/** The home page, in the spec's order (section 2). */
export default async function HomePage() {
  const [content, rates] = await Promise.all([getSiteContent(), getRates()]);
  const { phone, tollFreePhone } = content.contact;
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
      <PageIconSprite
        icons={[
          'award',
          'circle-check',
          'star',
          'phone',
          'book-open',
          ...contentIconNames(content.loanTypes.loans.map((loan) => loan.icon)),
          ...contentIconNames(rates.map((rate) => rate.icon)),
        ]}
      />
      <Hero hero={content.hero} />
      <Stats stats={content.stats} />
      <LoanTypes loanTypes={content.loanTypes} />
      <Process process={content.process} />
      <Testimonials testimonials={content.testimonials} />
      <Pricing pricing={content.pricing} phone={phone} paymentsEnabled={paymentsConfigured(env)} />
      <CallToAction cta={content.cta} phone={phone} tollFreePhone={tollFreePhone} />
      <RatesTeaser teaser={content.ratesTeaser} rates={rates} exampleLoan={content.rates.example} />
      <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
        <CalculatorLinks
          ids={CALCULATOR_IDS}
          heading="Run the numbers on your build"
          intro="Exact answers before you call: the interest while you build, the payment after, how much you can borrow and where your debt-to-income stands."
        />
      </div>
      <EbookPromo ebook={content.ebook} />
      {/* Sent with the page, so its openers show it at once (ADR 015). */}
      <LeadDialog modal="application" closeIcon={<Icon name="x" className="size-5" />}>
        <ApplicationForm layout="steps" page="/" stepHeadingTag="h3" closeButton={<DialogCloseButton />} />
      </LeadDialog>
    </>
  );
}
