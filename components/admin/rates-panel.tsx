'use client';

import { Plus } from 'lucide-react';
import { useState, useTransition } from 'react';
import { showToast } from '@/components/ui/toast-store';
import type { AdCopyFinding } from '@/lib/compliance/ad-copy';
import type { ExampleLoan } from '@/lib/rates/example';
import { addRateAction, deleteRateAction, reorderRatesAction } from '@/lib/rates/actions/rates';
import type { Rate } from '@/lib/rates/types';
import { RateExamplePreview } from './rate-example-preview';
import { RateRow } from './rate-row';

export const NO_RATES = "No rates have been added yet. Click 'Add New Rate' to start.";

/**
 * Rates tab: each rate saves as soon as a field is left (so there is never unsaved work to lose);
 * the public 'Last updated' follows every change, and so does the representative example shown
 * beside the list.
 */
export function RatesPanel({
  initial,
  exampleLoan,
  adCopy: initialAdCopy,
}: {
  initial: Rate[];
  exampleLoan: ExampleLoan;
  /** The ad-copy checker's warnings of every rate (issue 31), each shown in its rate's row. */
  adCopy: AdCopyFinding[];
}) {
  const [rates, setRates] = useState(initial);
  const [adCopy, setAdCopy] = useState(initialAdCopy);
  const ofRate = (id: string) => (finding: AdCopyFinding) => finding.path.startsWith(`rates.${id}.`);
  const [pending, startTransition] = useTransition();

  const add = () =>
    startTransition(async () => {
      const result = await addRateAction();
      if (!result.ok) return void showToast({ title: result.title, description: result.error, variant: 'error' });
      setRates((list) => [...list, result.data]);
      showToast({ title: result.title, description: result.message, variant: 'success' });
    });

  const remove = (rate: Rate) =>
    startTransition(async () => {
      const result = await deleteRateAction({ id: rate.id });
      if (!result.ok) return void showToast({ title: result.title, description: result.error, variant: 'error' });
      setRates((list) => list.filter((r) => r.id !== rate.id));
      setAdCopy((list) => list.filter((finding) => !ofRate(rate.id)(finding)));
      showToast({ title: result.title, description: result.message, variant: 'success' });
    });

  const move = (from: number, to: number) =>
    startTransition(async () => {
      const order = rates.map((r) => r.id);
      const [id] = order.splice(from, 1);
      order.splice(to, 0, id!);
      const result = await reorderRatesAction({ ids: order });
      if (!result.ok) return void showToast({ title: result.title, description: result.error, variant: 'error' });
      setRates(result.data);
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-brand-900 text-xl font-semibold">Rates</h2>
        <button
          type="button"
          onClick={add}
          disabled={pending}
          className="bg-brand-700 hover:bg-brand-800 inline-flex items-center gap-2 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
        >
          <Plus aria-hidden="true" className="size-4" /> Add New Rate
        </button>
      </div>
      <RateExamplePreview rates={rates} loan={exampleLoan} />
      {rates.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-400 p-6 text-center text-slate-700">{NO_RATES}</p>
      ) : (
        <ol className="space-y-4">
          {rates.map((rate, index) => (
            <RateRow
              key={rate.id}
              rate={rate}
              first={index === 0}
              last={index === rates.length - 1}
              disabled={pending}
              onDelete={() => remove(rate)}
              onMove={(delta) => move(index, index + delta)}
              adCopy={adCopy.filter(ofRate(rate.id))}
              onSaved={(next, findings) => {
                setRates((list) => list.map((r) => (r.id === next.id ? next : r)));
                setAdCopy((list) => [...list.filter((finding) => !ofRate(next.id)(finding)), ...findings]);
              }}
              onDismissed={(key) => setAdCopy((list) => list.filter((finding) => finding.key !== key))}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
