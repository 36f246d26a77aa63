import type { Metadata } from 'next';
import { connection } from 'next/server';
import { NeedsList } from '@/components/portal/needs-list';
import { outcomeOfQuery } from '@/components/portal/outcome-param';
import { getDb } from '@/lib/db/index.server';
import { builderUploadPath } from '@/lib/loan-files/portal-paths';
import { builderView } from '@/lib/loan-files/portal-view.server';

export const metadata: Metadata = { title: 'Documents for a construction loan' };

type Query = Record<string, string | string[] | undefined>;

/**
 * /portal/builder/<token>: the builder's own link, with no account. It shows the builder's items
 * only (license, insurance, W-9, contract, budget, plans) and nothing of the borrower's finances.
 */
export default async function BuilderPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Query>;
}) {
  await connection();
  const [{ token }, query] = await Promise.all([params, searchParams]);
  const view = await builderView(await getDb(), token);
  if (!view)
    return (
      <div className="rounded-2xl bg-white p-6 shadow-sm">
        <h1 className="text-brand-900 text-2xl font-bold">This link is no longer valid</h1>
        <p className="mt-2 text-slate-700">Ask the loan officer or the borrower to send you a new link.</p>
      </div>
    );
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-brand-900 text-2xl font-bold">Builder documents</h1>
        <p className="text-slate-700">
          {view.builderName ? `For ${view.builderName}` : 'For the builder'}
          {view.propertyAddress ? ` · ${view.propertyAddress}` : ''}
        </p>
      </div>
      <NeedsList
        id="builder"
        title="What the lender needs from you"
        intro="Send each document as a PDF or a clear photo. Keep this link: it is how you send anything we ask for later."
        items={view.items}
        uploadPath={builderUploadPath(token)}
        outcome={outcomeOfQuery(query)}
      />
    </div>
  );
}
