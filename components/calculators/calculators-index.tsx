import { builtCalculators } from '@/lib/calculators/catalog';

export const CALCULATORS_INDEX_TITLE = 'Construction Loan Calculators';

/** The list of calculators (/calculators), for the live page and the ad archive's copy of it. */
export function CalculatorsIndexBody() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="text-brand-900 text-3xl font-bold tracking-tight sm:text-4xl">{CALCULATORS_INDEX_TITLE}</h1>
        <p className="mt-4 text-lg text-slate-700">
          The questions borrowers ask before they build, answered exactly. Every result has its own link to keep or share, and
          every figure is an estimate, not an offer of credit.
        </p>
      </header>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2">
        {builtCalculators().map((calculator) => (
          <li key={calculator.id} className="card flex flex-col">
            <h2 className="text-brand-900 text-xl font-semibold">
              <a href={calculator.path} className="hover:underline">
                {calculator.title}
              </a>
            </h2>
            <p className="mt-2 text-slate-700">{calculator.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
