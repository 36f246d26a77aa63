'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { EARLY, earlyJson } from '@/lib/site/early-controls';
import {
  SIMPLE_FIELDS as FIELDS,
  HAS_CONSENT,
  HIDDEN,
  INCOMPLETE,
  REQUIRED,
  missingRequired,
  type LeadKind,
} from '@/lib/leads/fields';
import {
  ConsentCheckbox,
  Field,
  HiddenFields,
  ResultMessage,
  flagMissing,
  useLeadForm,
  valuesOf,
  type LeadAction,
} from './form-parts';
import { LEAD_PAGES } from './modal-store';

/**
 * The contact, quick qualification and ebook forms: one column of fields, an optional consent
 * box where a phone number is asked for, and a success view in place of the form.
 */
export function SimpleLeadForm({
  kind,
  action,
  page,
  submitLabel,
  pendingLabel,
  submitClassName,
  success,
  successToast,
  columns = 1,
  officer,
}: {
  kind: Exclude<LeadKind, 'application' | 'calculator'>;
  action: LeadAction;
  page: string;
  submitLabel: string;
  pendingLabel: string;
  submitClassName: string;
  /** Shown instead of the form once the lead is stored; receives a ref for focus. */
  success: (headingRef: React.RefObject<HTMLHeadingElement | null>) => ReactNode;
  successToast?: { title: string; description: string };
  columns?: 1 | 2;
  /** The slug of the officer profile the form was opened from (/contact?officer=…). */
  officer?: string;
}) {
  const idPrefix = useId();
  const [missing, setMissing] = useState<Record<string, string>>({});
  const successHeading = useRef<HTMLHeadingElement>(null);
  const incomplete = kind === 'ebook' ? INCOMPLETE.ebook : INCOMPLETE.other;
  const { formAction, onSubmit, pending, result, fieldErrors } = useLeadForm(action, {
    kind,
    // The contact form is also in the header's dialog on every page: it posts to /contact.
    permalink: kind === 'contact' ? LEAD_PAGES.contact : page,
    validate(form) {
      const names = missingRequired(kind, valuesOf(form));
      setMissing(flagMissing(form, names));
      if (names.length === 0) return true;
      showToast({ title: incomplete.title, description: incomplete.description, variant: 'error' });
      return false;
    },
    onResult(outcome) {
      if (outcome.ok && successToast) showToast({ ...successToast, variant: 'success' });
    },
  });
  const done = result?.ok === true;
  useEffect(() => {
    if (done) successHeading.current?.focus();
  }, [done]);
  if (done) return <>{success(successHeading)}</>;

  const values = result && !result.ok ? (result.values ?? {}) : {};
  const errors = { ...fieldErrors, ...missing };
  const required = REQUIRED[kind];
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="space-y-4">
      <HiddenFields page={page} officer={officer ?? values[HIDDEN.officer]} />
      <div className={columns === 2 ? 'grid gap-4 sm:grid-cols-2' : 'space-y-4'}>
        {FIELDS[kind].map((field) => (
          <Field
            key={field.name}
            field={field}
            idPrefix={idPrefix}
            required={required.includes(field.name)}
            error={errors[field.name]}
            defaultValue={values[field.name]}
            className={columns === 2 && field.input === 'textarea' ? 'sm:col-span-2' : undefined}
          />
        ))}
      </div>
      {HAS_CONSENT[kind] && <ConsentCheckbox idPrefix={idPrefix} defaultChecked={values.consent === 'yes'} />}
      <ResultMessage result={result} />
      <button type="submit" className={submitClassName} disabled={pending} {...{ [EARLY.incomplete]: earlyJson(incomplete) }}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </form>
  );
}
