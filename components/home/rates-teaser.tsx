import { RateFigures } from '@/components/rates/rate-figures';
import { RepresentativeExampleText } from '@/components/rates/representative-example';
import { NamedIcon } from '@/components/site/icons';
import { SectionHeading } from '@/components/site/section-heading';
import { buttonStyles } from '@/lib/ui/button-styles';
import type { SiteContent } from '@/lib/content/schema';
import { representativeExample, type ExampleLoan } from '@/lib/rates/example';
import type { Rate } from '@/lib/rates/types';
import { Editable } from '@/components/edit-mode/editable';

/** Today's rates on the home page: the same figures as /rates, and the example the page's terms call for. */
export function RatesTeaser({
  teaser,
  rates,
  exampleLoan,
}: {
  teaser: SiteContent['ratesTeaser'];
  rates: Rate[];
  exampleLoan: ExampleLoan;
}) {
  const example = representativeExample(rates, exampleLoan);
  return (
    <section aria-labelledby="rates-teaser-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="rates-teaser-title" title={teaser.title} subtitle={teaser.subtitle} editPath="ratesTeaser" />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {rates.map((rate) => (
            <li key={rate.id} className="rounded-xl border border-slate-200 p-5 text-center">
              <NamedIcon name={rate.icon} className="text-brand-700 mx-auto size-8" />
              <h3 className="text-brand-900 mt-2 font-semibold">{rate.type}</h3>
              <div className="mt-2">
                <RateFigures rate={rate} size="medium" centered />
              </div>
            </li>
          ))}
        </ul>
        {example && <RepresentativeExampleText example={example} className="mx-auto mt-8 max-w-4xl text-sm text-slate-700" />}
        <div className="mt-10 text-center">
          <a href="/rates" className={buttonStyles.dark}>
            <Editable path="ratesTeaser.buttonText">{teaser.buttonText}</Editable>
          </a>
        </div>
      </div>
    </section>
  );
}
