import type { ReactNode } from 'react';
import { JsonLd } from '@/components/site/json-ld';

/**
 * The frame of every calculator page: a link back to the list, the heading and introduction, the
 * calculator (its form and results), how it computes, and the page's JSON-LD (a WebApplication in
 * the FinanceApplication category, free, with the breadcrumb trail).
 */
export function CalculatorPage({
  siteUrl,
  path,
  title,
  intro,
  children,
  method,
}: {
  siteUrl: string;
  path: string;
  title: string;
  intro: string;
  children: ReactNode;
  /** How the figures are computed, in a few sentences. */
  method: ReactNode;
}) {
  const url = `${siteUrl}${path}`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
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
