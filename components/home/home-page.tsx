import { CalculatorLinks } from '@/components/calculators/calculator-links';
import { CallToAction } from '@/components/home/call-to-action';
import { EbookPromo } from '@/components/home/ebook-promo';
import { Hero } from '@/components/home/hero';
import { LoanTypes } from '@/components/home/loan-types';
import { Pricing } from '@/components/home/pricing';
import { Process } from '@/components/home/process';
import { RatesTeaser } from '@/components/home/rates-teaser';
import { Stats } from '@/components/home/stats';
import { Testimonials } from '@/components/home/testimonials';
import { contentIconNames } from '@/components/site/icons';
import { PageIconSprite } from '@/components/site/page-sprites';
import { CALCULATOR_IDS } from '@/lib/calculators/registry';
import type { SiteContent } from '@/lib/content/schema';
import type { Rate } from '@/lib/rates/types';

/**
 * The home page's sections, in the spec's order (section 2), from its data. / passes what the site
 * reads now; the ad archive (lib/archive) passes what it was at a past moment. Whether payments
 * are offered is the site's configuration, not archived data.
 */
export function HomePageBody({
  content,
  rates,
  paymentsEnabled,
}: {
  content: SiteContent;
  rates: Rate[];
  paymentsEnabled: boolean;
}) {
  const { phone, tollFreePhone } = content.contact;
  return (
    <>
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
      <Pricing pricing={content.pricing} phone={phone} paymentsEnabled={paymentsEnabled} />
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
    </>
  );
}
