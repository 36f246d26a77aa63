import type { Metadata } from 'next';
import { RatesPanel } from '@/components/admin/rates-panel';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { ratesAdCopy } from '@/lib/compliance/findings.server';
import { readSiteContent } from '@/lib/content/queries.server';
import { readRates } from '@/lib/rates/queries.server';

export const metadata: Metadata = { title: sectionTitle('Rates') };

export default async function RatesPage() {
  const { db } = await adminPageContext('content');
  const [rates, content] = await Promise.all([readRates(db), readSiteContent(db)]);
  return <RatesPanel initial={rates} exampleLoan={content.rates.example} adCopy={await ratesAdCopy(db, rates)} />;
}
