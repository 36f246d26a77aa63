import type { Metadata } from 'next';
import { CALCULATORS_INDEX_TITLE, CalculatorsIndexBody } from '@/components/calculators/calculators-index';
import { JsonLd } from '@/components/site/json-ld';
import { builtCalculators } from '@/lib/calculators/catalog';
import { env } from '@/lib/env.server';
import { pageMetadata } from '@/lib/site/metadata.server';

const DESCRIPTION =
  'Free construction-loan calculators: interest during the build, your payment after conversion and more. Exact to the cent, and they work without JavaScript.';

export function generateMetadata(): Metadata {
  return pageMetadata({
    title: `${CALCULATORS_INDEX_TITLE} | Construction Loan Pros`,
    description: DESCRIPTION,
    path: '/calculators',
  });
}

/** The list of calculators: the same for every visitor, served from the page cache. */
export default function CalculatorsPage() {
  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: CALCULATORS_INDEX_TITLE,
          itemListElement: builtCalculators().map((calculator, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: calculator.title,
            url: `${env.SITE_URL}${calculator.path}`,
          })),
        }}
      />
      <CalculatorsIndexBody />
    </>
  );
}
