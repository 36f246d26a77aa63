import type { Metadata } from 'next';
import { LicensesPageBody } from '@/components/licenses/licenses-page';
import { getSiteContent } from '@/lib/content/queries.server';
import { getLicenses } from '@/lib/licenses/queries.server';
import { getRates, getRatesChangedAt } from '@/lib/rates/queries.server';
import { pageMetadata } from '@/lib/site/metadata.server';

export async function generateMetadata(): Promise<Metadata> {
  const { legal, header } = await getSiteContent();
  return pageMetadata({
    title: `${legal.licenses.title} | ${header.title}`,
    description: `Licensing and NMLS registration of ${header.title}.`,
    path: '/licenses',
  });
}

/** The licenses page from the cached content, rates and licenses (the ad archive renders the same body from its versions). */
export default async function LicensesPage() {
  const [content, rates, changedAt, licenses] = await Promise.all([
    getSiteContent(),
    getRates(),
    getRatesChangedAt(),
    getLicenses(),
  ]);
  return <LicensesPageBody content={content} rates={rates} changedAt={changedAt} licenses={licenses} />;
}
