import { useId } from 'react';
import { CALCULATORS, type CalculatorId } from '@/lib/calculators/registry';

/**
 * Links to calculators, each with its one-sentence description: the home page's and the rates
 * page's sections, a blog post's 'Run the numbers'. Plain links, no script: a calculator page
 * works without JavaScript. `query` prefills a calculator (e.g. a rate from the rates table).
 */
export function CalculatorLinks({
  ids,
  heading,
  intro,
  query = {},
  className,
}: {
  ids: readonly CalculatorId[];
  heading: string;
  intro?: string;
  query?: Partial<Record<CalculatorId, string>>;
  className?: string;
}) {
  const headingId = useId();
  if (ids.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-brand-900 text-2xl font-bold">
        {heading}
      </h2>
      {intro && <p className="mt-2 text-slate-700">{intro}</p>}
      <ul className={`mt-6 grid gap-4 ${ids.length > 2 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'sm:grid-cols-2'}`}>
        {ids.map((id) => {
          const calculator = CALCULATORS[id];
          const href = query[id] ? `${calculator.path}?${query[id]}` : calculator.path;
          return (
            <li key={id} className="card flex flex-col">
              <a href={href} className="text-brand-800 font-semibold underline-offset-2 hover:underline">
                {calculator.title}
              </a>
              <p className="mt-2 text-sm text-slate-700">{calculator.description}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
