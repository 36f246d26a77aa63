import type { ReactNode } from 'react';
import { CalculatorLinks } from '@/components/calculators/calculator-links';
import { Editable } from '@/components/edit-mode/editable';
import { RateFigures } from '@/components/rates/rate-figures';
import { RepresentativeExampleText } from '@/components/rates/representative-example';
import { contentIconNames, NamedIcon } from '@/components/site/icons';
import { PageIconSprite } from '@/components/site/page-sprites';
import { Icon } from '@/components/site/sprite-icon';
import type { SiteContent } from '@/lib/content/schema';
import { representativeExample } from '@/lib/rates/example';
import { parsePercent } from '@/lib/rates/percent';
import type { Rate } from '@/lib/rates/types';
import { formatLongDate } from '@/lib/site/format';

/**
 * The rates page from its data: the page's texts, the rates, and when they last changed. /rates
 * passes what the site reads now; the ad archive (lib/archive) passes what it was at a past
 * moment. The page's scripts-driven parts (the payment error, the qualification form) are the
 * page's to give.
 */
export function RatesPageBody({
  page,
  rates,
  changedAt,
  paymentNotice,
  qualifyForm,
}: {
  page: SiteContent['rates'];
  rates: readonly Rate[];
  /** An ISO time or day; null before the first change. */
  changedAt: string | null;
  paymentNotice?: ReactNode;
  qualifyForm: ReactNode;
}) {
  const example = representativeExample(rates, page.example);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <PageIconSprite icons={['info', ...contentIconNames(rates.map((rate) => rate.icon))]} />
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="text-brand-900 text-4xl font-bold tracking-tight sm:text-5xl">
          <Editable path="rates.title">{page.title}</Editable>
        </h1>
        <p className="mt-4 text-lg text-slate-600">
          <Editable path="rates.subtitle" multiline>
            {page.subtitle}
          </Editable>
        </p>
      </header>

      {paymentNotice}

      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {rates.map((rate) => (
          <li key={rate.id} className="card flex flex-col">
            <span className="icon-tile">
              <NamedIcon name={rate.icon} className="text-brand-700 size-6" />
            </span>
            <h2 className="text-brand-900 text-lg font-semibold">{rate.type}</h2>
            <div className="mt-3">
              <RateFigures rate={rate} />
            </div>
            <p className="mt-3 text-sm text-slate-700">
              <span className="font-medium">Term:</span> {rate.term}
            </p>
            <p className="mt-3 text-sm text-slate-600">{rate.notes}</p>
            <RateCalculatorLink rate={rate.rate} type={rate.type} />
          </li>
        ))}
      </ul>

      {example && <RepresentativeExampleText example={example} className="mx-auto mt-8 max-w-4xl text-sm text-slate-700" />}

      <p className="mt-6 text-center text-sm text-slate-600">
        {changedAt && <>Last updated: {formatLongDate(changedAt)}. </>}Rates are subject to change.
      </p>

      <CalculatorLinks
        ids={['construction-interest', 'construction-to-permanent', 'maximum-loan', 'debt-to-income']}
        heading="Put these rates to work"
        intro="Our calculators start from the first rate above; change any figure to match your project."
        className="mx-auto mt-12 max-w-7xl"
      />

      <section id="qualify" aria-labelledby="qualify-title" className="card mx-auto mt-12 max-w-3xl sm:p-8">
        <h2 id="qualify-title" className="text-brand-900 text-2xl font-bold">
          See if you qualify for these rates
        </h2>
        <p className="mt-2 mb-6 text-slate-700">Free, no obligation: a specialist answers within 24 hours.</p>
        {qualifyForm}
      </section>

      <aside aria-labelledby="disclaimer-title" className="mt-12 rounded-xl border border-amber-300 bg-amber-50 p-6">
        <h2 id="disclaimer-title" className="flex items-center gap-2 font-semibold text-amber-950">
          <Icon name="info" className="size-5" />
          <Editable path="rates.disclaimerTitle">{page.disclaimerTitle}</Editable>
        </h2>
        <p className="mt-2 text-sm text-amber-950">
          <Editable path="rates.disclaimerText" multiline>
            {page.disclaimerText}
          </Editable>
        </p>
      </aside>
    </div>
  );
}

/**
 * The interest calculator, prefilled with this card's rate. The link does not repeat the rate: a
 * rate is shown only in the shared display, beside its APR (ADR 016).
 */
function RateCalculatorLink({ rate, type }: { rate: string; type: string }) {
  const percent = parsePercent(rate);
  if (percent === null) return null;
  return (
    <a
      href={`/calculators/construction-interest?rate=${percent}`}
      className="text-brand-700 mt-auto pt-3 text-sm font-medium underline-offset-2 hover:underline"
    >
      Estimate the interest at this rate
      <span className="sr-only"> ({type})</span>
    </a>
  );
}
