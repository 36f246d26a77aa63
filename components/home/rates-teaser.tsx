import { NamedIcon } from '@/components/site/icons';
import { SectionHeading } from '@/components/site/section-heading';
import { buttonStyles } from '@/components/ui/button-styles';
import type { SiteContent } from '@/lib/content/schema';
import type { Rate } from '@/lib/rates/types';
import { Editable } from '@/components/edit-mode/editable';

export function RatesTeaser({ teaser, rates }: { teaser: SiteContent['ratesTeaser']; rates: Rate[] }) {
  return (
    <section aria-labelledby="rates-teaser-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="rates-teaser-title" title={teaser.title} subtitle={teaser.subtitle} editPath="ratesTeaser" />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {rates.map((rate) => (
            <li key={rate.id} className="rounded-xl border border-slate-200 p-5 text-center">
              <NamedIcon name={rate.icon} className="text-brand-700 mx-auto size-8" />
              <h3 className="text-brand-900 mt-2 font-semibold">{rate.type}</h3>
              <p className="text-brand-900 mt-1 text-2xl font-bold">{rate.rate}</p>
              <p className="text-sm text-slate-600">{rate.apr} APR</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <a href="/rates" className={buttonStyles.dark}>
            <Editable path="ratesTeaser.buttonText">{teaser.buttonText}</Editable>
          </a>
        </div>
      </div>
    </section>
  );
}
