'use client';

import { saveOpenOnApplicationAction } from '@/lib/loan-files/actions/settings';
import { useFormResult } from './use-form-result';

/** The owner's switch: every new application (not spam) opens its loan file as it is stored. */
export function OpenOnApplicationForm({ on }: { on: boolean }) {
  const { onSubmit, pending } = useFormResult(saveOpenOnApplicationAction);
  return (
    <section aria-labelledby="open-on-application-title" className="mt-8 max-w-2xl space-y-3">
      <h3 id="open-on-application-title" className="text-brand-900 text-lg font-semibold">
        Opening loan files
      </h3>
      {/* key: a saved change re-renders with the stored value, so the box shows what is in force. */}
      <form key={String(on)} onSubmit={onSubmit} className="flex flex-wrap items-center gap-4" data-testid="open-on-application">
        <div className="flex items-center gap-2">
          <input
            id="open-on-application"
            name="openOnApplication"
            type="checkbox"
            defaultChecked={on}
            aria-describedby="open-on-application-hint"
            className="accent-brand-700 size-4"
          />
          <label htmlFor="open-on-application" className="text-slate-800">
            Open a loan file for every new application
          </label>
        </div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100 disabled:opacity-70"
        >
          {pending ? 'Saving...' : 'Save'}
        </button>
      </form>
      <p id="open-on-application-hint" className="text-sm text-slate-600">
        When on, an application opens its loan file, with its needs list, as soon as it arrives; spam never does. When off, open a
        file from the lead’s dialog.
      </p>
    </section>
  );
}
