import type { License } from '@/lib/licenses/types';
import { LicenseCard } from './license-card';
import { LicenseForm } from './license-form';

/**
 * Licenses (owner only): the state licenses the licenses page lists, with the notices their states
 * require there, and which states a lead's property may be in to be inside the broker's licenses.
 */
export function LicensesSection({ licenses }: { licenses: License[] }) {
  return (
    <div className="space-y-10">
      <section aria-labelledby="licenses-title" className="space-y-4">
        <h2 id="licenses-title" className="text-brand-900 text-xl font-semibold">
          State licenses
        </h2>
        <p className="max-w-3xl text-slate-700">
          Each license or exempt registration you hold, as the licenses page lists it in a table. A notice a state requires on
          your website is shown there under the state’s name. Keep this list to what NMLS Consumer Access shows: which notice a
          state requires, and its current wording, is for you or your compliance adviser to confirm.
        </p>
        {licenses.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-400 p-6 text-center text-slate-700">
            No licenses are listed yet. The licenses page shows your own text and your NMLS ID until you add one.
          </p>
        ) : (
          <ul className="space-y-4">
            {licenses.map((license) => (
              <li key={license.id}>
                <LicenseCard license={license} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="license-add-title" className="space-y-4">
        <h2 id="license-add-title" className="text-brand-900 text-xl font-semibold">
          Add a license
        </h2>
        <LicenseForm />
      </section>
    </div>
  );
}
