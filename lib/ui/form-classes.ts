/**
 * The look of the public lead forms' inputs and labels (Tailwind utilities), shared by the React
 * forms (components/leads/form-parts.tsx) and the calculators' server-written markup
 * (lib/calculators/body/), so an estimate's e-mail field looks like every other form's.
 */
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700';
export const labelClass = 'block text-sm font-medium text-slate-800';
