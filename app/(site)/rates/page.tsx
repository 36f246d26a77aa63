import type { Metadata } from 'next';
import { LazyQualificationForm } from '@/components/leads/lazy-forms';
import { PaymentErrorNotice } from '@/components/payments/payment-error-notice';
import { RatesPageBody } from '@/components/rates/rates-page';
import { getSiteContent } from '@/lib/content/queries.server';
import { getRates, getRatesChangedAt } from '@/lib/rates/queries.server';
import { pageMetadata } from '@/lib/site/metadata.server';

export async function generateMetadata(): Promise<Metadata> {
  const { meta } = await getSiteContent();
  return pageMetadata({ ...meta.rates, path: '/rates' });
}

/** The rates page from the cached content and rates (the ad archive renders the same body from its versions). */
export default async function RatesPage() {
  const [{ rates: page }, rates, changedAt] = await Promise.all([getSiteContent(), getRates(), getRatesChangedAt()]);
  return (
    <RatesPageBody
      page={page}
      rates={rates}
      changedAt={changedAt}
      paymentNotice={<PaymentErrorNotice />}
      qualifyForm={<LazyQualificationForm page="/rates" />}
    />
  );
}
