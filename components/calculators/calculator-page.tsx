import type { ReactNode } from 'react';
import { JsonLd } from '@/components/site/json-ld';
import { CALCULATORS, type CalculatorId } from '@/lib/calculators/registry';
import { CALCULATOR_TEXTS } from './calculator-texts';

/**
 * The frame of every calculator page: a link back to the list, the heading and introduction, the
 * calculator (its form and results), how it computes, and, on the live site (`siteUrl` given), the
 * page's JSON-LD (a WebApplication in the FinanceApplication category, free, with the breadcrumb
 * trail). The ad archive renders it without the JSON-LD, as it renders the other pages' bodies.
 */
export function CalculatorPage({ id, siteUrl, children }: { id: CalculatorId; siteUrl?: string; children: ReactNode }) {
  const { title, path } = CALCULATORS[id];
  const { intro, method } = CALCULATOR_TEXTS[id];
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      {siteUrl ? <CalculatorJsonLd siteUrl={siteUrl} path={path} title={title} intro={intro} /> : null}
      <nav aria-label="Breadcrumb" className="text-sm">
        <a href="/calculators" className="text-brand-700 font-medium hover:underline">
          All calculators
        </a>
      </nav>
      <header className="mt-4 max-w-3xl">
        <h1 className="text-brand-900 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-slate-700">{intro}</p>
      </header>
      <div className="mt-10">{children}</div>
      <section aria-labelledby="calc-method-title" className="mt-12 max-w-3xl text-slate-700">
        <h2 id="calc-method-title" className="text-brand-900 text-xl font-semibold">
          How this is calculated
        </h2>
        <div className="mt-3 space-y-3">{method}</div>
      </section>
    </div>
  );
}

function CalculatorJsonLd({ siteUrl, path, title, intro }: { siteUrl: string; path: string; title: string; intro: string }) {
  const url = `${siteUrl}${path}`;
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'WebApplication',
            name: title,
            description: intro,
            url,
            applicationCategory: 'FinanceApplication',
            operatingSystem: 'Any',
            browserRequirements: 'Works without JavaScript',
            offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
          },
          {
            '@type': 'BreadcrumbList',
            itemListElement: [
              { '@type': 'ListItem', position: 1, name: 'Home', item: `${siteUrl}/` },
              { '@type': 'ListItem', position: 2, name: 'Calculators', item: `${siteUrl}/calculators` },
              { '@type': 'ListItem', position: 3, name: title, item: url },
            ],
          },
        ],
      }}
    />
  );
}
