import Link from 'next/link';
import { RepresentativeExampleText } from '@/components/rates/representative-example';
import { representativeExample, type ExampleLoan } from '@/lib/rates/example';
import type { Rate } from '@/lib/rates/types';

/**
 * The representative example as the public pages show it, computed from the rates being edited,
 * so the owner sees what a change to the first rate (or to the order) does to it.
 */
export function RateExamplePreview({ rates, loan }: { rates: Rate[]; loan: ExampleLoan }) {
  const example = representativeExample(rates, loan);
  return (
    <aside aria-labelledby="rate-example-title" className="bg-brand-50 rounded-xl border border-slate-200 p-4">
      <h3 id="rate-example-title" className="text-brand-900 font-semibold">
        Representative example on the Rates, home and licenses pages
      </h3>
      {example ? (
        <RepresentativeExampleText example={example} className="mt-2 text-sm text-slate-800" />
      ) : (
        <p className="mt-2 text-sm text-slate-800">Not shown: add a rate with a valid rate and APR first.</p>
      )}
      <p className="mt-2 text-sm text-slate-700">
        It describes the first rate below. The loan amount, down payment, term and payments are set in{' '}
        <Link href="/admin/content" prefetch={false} className="text-brand-700 font-medium underline">
          Site Content › Rates Page
        </Link>
        .
      </p>
    </aside>
  );
}
