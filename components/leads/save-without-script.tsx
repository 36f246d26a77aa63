'use client';

import { useId } from 'react';
import { buttonStyles } from '@/lib/ui/button-styles';
import { DRAFT_DAYS, DRAFT_EMAIL_FIELD, type DraftFormResult } from '@/lib/drafts/draft-values';
import { inputClass, labelClass } from './form-parts';

/**
 * 'Save and finish later' for a browser without JavaScript, where the panel's disclosure cannot
 * open: an address field and a button that post the whole application form to `action` (a Server
 * Action through useActionState, ./apply-page-form.tsx). The page comes back with the form as it
 * was and `result` below the button. A <noscript>, so a browser running scripts never shows it;
 * on /apply only: the home page's dialog needs JavaScript to open at all, and its script budget has
 * no room for this.
 */
export function SaveWithoutScript({ action, result }: { action: (formData: FormData) => void; result: DraftFormResult }) {
  const id = useId();
  return (
    <noscript>
      <div className="space-y-3">
        <p className="text-brand-800 text-sm font-semibold">Save and finish later</p>
        <p className="text-sm text-slate-700">
          We will e-mail you a link back to this application, on any device, for {DRAFT_DAYS} days.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grow">
            <label htmlFor={`${id}-email`} className={labelClass}>
              Your e-mail address
            </label>
            <input
              id={`${id}-email`}
              name={DRAFT_EMAIL_FIELD}
              type="email"
              autoComplete="email"
              defaultValue={result?.email}
              aria-invalid={result?.answer.ok === false || undefined}
              aria-describedby={`${id}-message`}
              className={inputClass}
            />
          </div>
          <button type="submit" formAction={action} formNoValidate className={buttonStyles.secondary}>
            Email me the link
          </button>
        </div>
        <p
          id={`${id}-message`}
          role="status"
          className={`min-h-5 text-sm font-medium ${result?.answer.ok === false ? 'text-red-800' : 'text-green-800'}`}
        >
          {result?.answer.message}
        </p>
      </div>
    </noscript>
  );
}
