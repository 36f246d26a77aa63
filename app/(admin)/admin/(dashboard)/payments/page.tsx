import type { Metadata } from 'next';
import { PaymentsPanel } from '@/components/admin/payments-panel';
import { sectionTitle } from '@/lib/admin/sections';
import { adminPageContext } from '@/lib/admin/page-context.server';
import { env } from '@/lib/env.server';
import { listPayments } from '@/lib/payments/store.server';
import { paymentsConfigured } from '@/lib/payments/stripe.server';

export const metadata: Metadata = { title: sectionTitle('Payments') };

export default async function PaymentsPage() {
  const { db } = await adminPageContext('payments');
  return <PaymentsPanel payments={await listPayments(db)} configured={paymentsConfigured(env)} />;
}
