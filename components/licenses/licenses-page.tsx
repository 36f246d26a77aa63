import { LicenseTable } from '@/components/licenses/license-table';
import { StateNotices } from '@/components/licenses/state-notices';
import { HowRatesAreQuoted } from '@/components/rates/how-rates-are-quoted';
import { LegalPage } from '@/components/site/legal-page';
import type { SiteContent } from '@/lib/content/schema';
import { pageNotices } from '@/lib/licenses/state-notices';
import type { License } from '@/lib/licenses/types';
import { representativeExample } from '@/lib/rates/example';
import type { Rate } from '@/lib/rates/types';
import { nmlsConsumerAccessUrl } from '@/lib/site/nav';

/**
 * The licenses page from its data: the owner's text, then the state licenses as a table and the
 * notices their states require (this is the page linked from the home page that Texas accepts for
 * its notice: the footer links here from every page), then how rates are quoted and the NMLS
 * record. /licenses passes what the site reads now; the ad archive (lib/archive) what it was.
 */
export function LicensesPageBody({
  content,
  rates,
  changedAt,
  licenses,
}: {
  content: SiteContent;
  rates: readonly Rate[];
  /** When the rates last changed, an ISO time or day; null before the first change. */
  changedAt: string | null;
  licenses: License[];
}) {
  const { legal, company, rates: ratesPage } = content;
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
