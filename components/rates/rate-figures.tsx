import type { Rate } from '@/lib/rates/types';

/** Regulation Z's words for a rate that can change (12 CFR 1026.24(c)). */
export const ADJUSTABLE_NOTICE = 'The APR may increase after consummation.';

const FIGURE_SIZES = { large: 'text-3xl', medium: 'text-2xl' } as const;

/**
 * The one way a rate is shown on the site. Regulation Z (12 CFR 1026.24(c)) lets an ad state an
 * interest rate only beside the APR and never more conspicuously, so the APR comes first and both
 * figures share one class: neither can be set bigger, bolder or paler than the other. The
 * data-rate-figure attributes let the browser tests measure every pair on every page.
 */
export function RateFigures({
  rate,
  size = 'large',
  centered = false,
}: {
  rate: Pick<Rate, 'rate' | 'apr' | 'rateKind'>;
  size?: keyof typeof FIGURE_SIZES;
  centered?: boolean;
}) {
  const figure = `text-brand-900 block font-bold ${FIGURE_SIZES[size]}`;
  const label = 'block text-sm font-medium text-slate-700';
  return (
    <div data-rate-figures="">
      <div className={`flex flex-wrap gap-x-6 gap-y-2 ${centered ? 'justify-center' : ''}`}>
        <p>
          <span className={figure} data-rate-figure="apr">
            {rate.apr}
          </span>{' '}
          <span className={label}>APR</span>
        </p>
        <p>
          <span className={figure} data-rate-figure="rate">
            {rate.rate}
          </span>{' '}
          <span className={label}>Interest rate</span>
        </p>
      </div>
      {rate.rateKind === 'adjustable' && <p className="mt-2 text-sm font-medium text-slate-800">{ADJUSTABLE_NOTICE}</p>}
    </div>
  );
}
