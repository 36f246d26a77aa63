import type { Metadata } from 'next';
import { HowRatesAreQuoted } from '@/components/rates/how-rates-are-quoted';
import { LegalPage } from '@/components/site/legal-page';
import { getSiteContent } from '@/lib/content/queries.server';
import { representativeExample } from '@/lib/rates/example';
import { getRates, getRatesChangedAt } from '@/lib/rates/queries.server';
import { nmlsConsumerAccessUrl } from '@/lib/site/nav';
import { pageMetadata } from '@/lib/site/metadata.server';

export async function generateMetadata(): Promise<Metadata> {
  const { legal, header } = await getSiteContent();
  return pageMetadata({
    title: `${legal.licenses.title} | ${header.title}`,
    description: `Licensing and NMLS registration of ${header.title}.`,
    path: '/licenses',
  });
}

export default async function LicensesPage() {
  const [{ legal, company, rates: ratesPage }, rates, changedAt] = await Promise.all([
    getSiteContent(),
    getRates(),
    getRatesChangedAt(),
  ]);
  return (
    <LegalPage page={legal.licenses}>
      <HowRatesAreQuoted
        changedAt={changedAt}
        loan={ratesPage.example}
        example={representativeExample(rates, ratesPage.example)}
      />
      <p className="bg-brand-50 mt-8 rounded-lg p-4 text-slate-800">
        NMLS ID {company.nmlsId}.{' '}
        <a
          href={nmlsConsumerAccessUrl(company.nmlsId)}
          className="text-brand-700 font-medium underline"
          rel="noopener noreferrer"
          target="_blank"
        >
          Verify our licenses at NMLS Consumer Access
        </a>
        .
      </p>
      <p className="mt-4 text-slate-700">{company.equalHousingStatement}</p>
    </LegalPage>
  );
}
