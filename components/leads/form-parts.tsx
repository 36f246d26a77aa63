'use client';

import { useActionState, useEffect, useId, useRef, useState, useTransition, type FormEvent, type ReactNode } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { postLead } from '@/lib/leads/endpoint';
import { EARLY } from '@/lib/site/early-controls';
import { inputClass, labelClass } from '@/lib/ui/form-classes';
import { CONSENT_TEXT, HIDDEN, SUBMIT_FAILED, type FieldDef, type LeadKind, type LeadResult } from '@/lib/leads/fields';

export type LeadAction = (previous: LeadResult, formData: FormData) => Promise<LeadResult>;

export { inputClass, labelClass };

/**
 * One lead form's submission. Without JavaScript the browser posts the form to the Server Action
 * through useActionState and the page re-renders with the result. With JavaScript, onSubmit runs
 * the required-field check and posts the form to the lead endpoint (lib/leads/endpoint.ts: the
 * same submission, a fraction of a Server Action's cost to the server), so a server that cannot be
 * reached shows the spec's 'Uh oh!' toast and the form keeps what was typed.
 */
export function useLeadForm(
  action: LeadAction,
  options: {
    kind: LeadKind;
    /** Returns false (after raising its own toast) to stop the submission. */
    validate: (form: HTMLFormElement) => boolean;
    onResult?: (result: NonNullable<LeadResult>) => void;
    /**
     * The page the form posts to without JavaScript: the page it is on, or a dialog's own page.
     * Without one React writes `action=""`, which is not valid HTML.
     */
    permalink: string;
  },
) {
  const [serverResult, formAction] = useActionState(action, null, options.permalink);
  const [clientResult, setClientResult] = useState<LeadResult>(null);
  const [pending, startTransition] = useTransition();
  const mountedAt = useRef(0);
  useEffect(() => {
    mountedAt.current = performance.now();
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // The fill time runs from when the visitor began (the boot script marks a form's first focus,
    // before React too; else React's mount) to the press (a press the boot script held for React
    // is marked by it), not to this moment.
    const pressedAt = Number(form.getAttribute(EARLY.pressedAt)) || performance.now();
    form.removeAttribute(EARLY.pressedAt);
    if (pending || !options.validate(form)) return;
    const data = new FormData(form);
    const firstFocus = Number(form.getAttribute(EARLY.firstFocus));
    const startedAt = firstFocus > 0 ? firstFocus : mountedAt.current;
    data.set(HIDDEN.fillMs, String(Math.max(0, Math.round(pressedAt - startedAt))));
    // The boot script marks a field's first focus on every public page, React's or not yet.
    data.set(HIDDEN.focused, firstFocus > 0 ? '1' : '0');
    data.set(HIDDEN.page, window.location.pathname);
    startTransition(async () => {
      let result: LeadResult;
      try {
        result = await postLead(options.kind, data);
      } catch (error) {
        console.warn('Lead submission failed', error);
        result = { ok: false, reason: 'failed', title: SUBMIT_FAILED.title, message: SUBMIT_FAILED.description };
      }
      setClientResult(result);
      if (!result) return;
      if (!result.ok) showToast({ title: result.title, description: result.message, variant: 'error' });
      options.onResult?.(result);
    });
  }

  const result = clientResult ?? serverResult;
  const fieldErrors = result && !result.ok && result.reason === 'invalid' ? result.fieldErrors : {};
  return { formAction, onSubmit, pending, result, fieldErrors };
}

/**
 * Hidden fields every lead form posts: the page, the honeypot and (with JavaScript) the fill time;
 * and, on a form opened from an officer's profile, that officer's slug (the lead goes to them).
 */
export function HiddenFields({ page, officer }: { page: string; officer?: string }) {
  const id = useId();
  return (
    <>
      <input type="hidden" name={HIDDEN.page} value={page} />
      {officer && <input type="hidden" name={HIDDEN.officer} value={officer} />}
      {/* The honeypot: filled in by bots that fill every input of a page. Not displayed at all
          (not merely moved off-screen): browsers' autofill and password managers fill fields
          they can focus, and a person's autofill must never look like a bot (ADR 030). */}
      <div aria-hidden="true" hidden>
        <label htmlFor={`${id}-hp`}>Leave this field empty</label>
        <input id={`${id}-hp`} type="text" name={HIDDEN.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
    </>
  );
}

export function Field({
  field,
  error,
  defaultValue,
  idPrefix,
  required,
  className,
}: {
  field: FieldDef;
  error?: string;
  defaultValue?: string;
  idPrefix: string;
  required?: boolean;
  className?: string;
}) {
  const id = `${idPrefix}-${field.name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': required || undefined,
  };
  const label = (
    <>
      {field.label}
      {required && (
        <span aria-hidden="true" className="text-red-800">
          {' '}
          *
        </span>
      )}
    </>
  );
  let control: ReactNode;
  if (field.input === 'yesno') {
    return (
      <fieldset className={className} aria-describedby={error ? errorId : undefined}>
        <legend className={labelClass}>{label}</legend>
        <div className="mt-2 flex gap-6">
          {field.options?.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-slate-800">
              <input
                type="radio"
                name={field.name}
                value={option.value}
                defaultChecked={(defaultValue ?? field.initial) === option.value}
                className="accent-brand-700 size-4"
              />
              {option.label}
            </label>
          ))}
        </div>
        <FieldError id={errorId} error={error} />
      </fieldset>
    );
  }
  if (field.input === 'select') {
    control = (
      <select {...common} defaultValue={defaultValue ?? field.initial} className={inputClass}>
        {field.initial === '' && <option value="">Select…</option>}
        {field.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (field.input === 'textarea') {
    control = <textarea {...common} rows={3} maxLength={field.max} defaultValue={defaultValue} className={inputClass} />;
  } else {
    const type = field.input === 'amount' ? 'number' : field.input;
    control = (
      <input
        {...common}
        type={type}
        inputMode={field.input === 'amount' ? 'numeric' : undefined}
        min={field.input === 'amount' ? 0 : undefined}
        step={field.input === 'amount' ? 'any' : undefined}
        maxLength={field.input === 'amount' ? undefined : field.max}
        autoComplete={field.autoComplete}
        defaultValue={defaultValue}
        className={inputClass}
      />
    );
  }
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {control}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {error}
    </p>
  );
}

/** The optional consent to calls and texts, unchecked by default; its wording is stored verbatim. */
export function ConsentCheckbox({ idPrefix, defaultChecked }: { idPrefix: string; defaultChecked?: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={`${idPrefix}-consent`}
        type="checkbox"
        name={HIDDEN.consent}
        value="yes"
        defaultChecked={defaultChecked}
        className="accent-brand-700 mt-1 size-4 shrink-0"
      />
      <label htmlFor={`${idPrefix}-consent`} className="text-sm text-slate-700">
        {CONSENT_TEXT} <span className="text-slate-600">(Optional)</span>
      </label>
    </div>
  );
}

/** Messages a page shows without JavaScript, where there are no toasts. */
export function ResultMessage({ result }: { result: LeadResult }) {
  return (
    <p role="status" aria-live="polite" className="min-h-5 text-sm font-medium text-red-800">
      {result && !result.ok ? `${result.title} ${result.message}` : ''}
    </p>
  );
}

/** Marks the required fields left blank; returns their names (the first gets focus). */
export function flagMissing(form: HTMLFormElement, names: string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const name of names) errors[name] = 'This field is required.';
  const first = names[0];
  if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus?.();
  return errors;
}

export function valuesOf(form: HTMLFormElement): (name: string) => string {
  const data = new FormData(form);
  return (name) => String(data.get(name) ?? '');
}
