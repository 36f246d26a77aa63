import type { Metadata } from 'next';
import { JsonLd } from '@/components/site/json-ld';
import { builtCalculators } from '@/lib/calculators/catalog';
import { env } from '@/lib/env.server';
import { pageMetadata } from '@/lib/site/metadata.server';

const TITLE = 'Construction Loan Calculators';
const DESCRIPTION =
  'Free construction-loan calculators: interest during the build, your payment after conversion and more. Exact to the cent, and they work without JavaScript.';

export function generateMetadata(): Metadata {
  return pageMetadata({ title: `${TITLE} | Construction Loan Pros`, description: DESCRIPTION, path: '/calculators' });
}

/** The list of calculators: the same for every visitor, served from the page cache. */
export default function CalculatorsPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: TITLE,
          itemListElement: builtCalculators().map((calculator, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: calculator.title,
            url: `${env.SITE_URL}${calculator.path}`,
          })),
        }}
      />
      <header className="max-w-3xl">
        <h1 className="text-brand-900 text-3xl font-bold tracking-tight sm:text-4xl">{TITLE}</h1>
        <p className="mt-4 text-lg text-slate-700">
          The questions borrowers ask before they build, answered exactly. Every result has its own link to keep or share, and
          every figure is an estimate, not an offer of credit.
        </p>
      </header>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2">
        {builtCalculators().map((calculator) => (
          <li key={calculator.id} className="card flex flex-col">
            <h2 className="text-brand-900 text-xl font-semibold">
              <a href={calculator.path} className="hover:underline">
                {calculator.title}
              </a>
            </h2>
            <p className="mt-2 text-slate-700">{calculator.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
