import type { Metadata } from 'next';
import { LicenseTable } from '@/components/licenses/license-table';
import { StateNotices } from '@/components/licenses/state-notices';
import { HowRatesAreQuoted } from '@/components/rates/how-rates-are-quoted';
import { LegalPage } from '@/components/site/legal-page';
import { getSiteContent } from '@/lib/content/queries.server';
import { getLicenses } from '@/lib/licenses/queries.server';
import { pageNotices } from '@/lib/licenses/state-notices';
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

/**
 * The owner's text, then the state licenses as a table and the notices their states require
 * (this is the page linked from the home page that Texas accepts for its notice: the footer links
 * here from every page), then how rates are quoted and the NMLS record.
 */
export default async function LicensesPage() {
  const [{ legal, company, rates: ratesPage }, rates, changedAt, licenses] = await Promise.all([
    getSiteContent(),
    getRates(),
    getRatesChangedAt(),
    getLicenses(),
  ]);
  const notices = pageNotices(licenses);
  return (
    <LegalPage page={legal.licenses}>
      <LicenseTable licenses={licenses} notices={notices} holder={company.legalName} />
      <StateNotices notices={notices} />
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
