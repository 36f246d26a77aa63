'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { buttonStyles } from '@/lib/ui/button-styles';
import { showToast } from '@/components/ui/toast-store';
import { EARLY, earlyJson } from '@/lib/site/early-controls';
import { submitApplicationAction } from '@/lib/leads/actions/application';
import { APPLICATION_STEP1, APPLICATION_STEP2, LAND_OWNED_FIELDS, LAND_SEARCH_FIELDS } from '@/lib/leads/application-fields';
import { PROPERTY_STATE_FIELD } from '@/lib/leads/property-state';
import { HIDDEN, INCOMPLETE, REQUIRED, missingRequired, type FieldDef } from '@/lib/leads/fields';
import { DRAFT_TOKEN_FIELD, type DraftStep, type DraftValues } from '@/lib/drafts/draft-values';
import { LEAD_PAGES } from './modal-store';
import { SaveForLater } from './save-for-later';
import { useApplicationDraft } from './use-application-draft';
import { ConsentCheckbox, Field, HiddenFields, ResultMessage, flagMissing, useLeadForm, valuesOf } from './form-parts';

const STEPS = ['Project Information', 'Borrower Application'] as const;
const required = new Set(REQUIRED.application);
const landOwned = new Set<string>(LAND_OWNED_FIELDS);
const landSearch = new Set<string>(LAND_SEARCH_FIELDS);
const step2Names = APPLICATION_STEP2.map((field) => field.name);

/** What the server rendered the form with: a prefill link's values, or a resumed draft's and its step. */
export interface ApplicationStart {
  values: DraftValues;
  step: DraftStep;
  /** The resumed draft's token: submitting deletes that draft. */
  token?: string;
}

/** The toast the boot script shows for a press of Next or Submit before React (ADR 015). */
const earlyIncomplete = (description: string) => ({
  [EARLY.incomplete]: earlyJson({ title: INCOMPLETE.application.title, description }),
});

/**
 * 'Construction Loan Application' (spec sections 2-5). In the modal it is the spec's two steps
 * with Back and Next; on the /apply page it shows every field at once, so it works without
 * JavaScript. Both steps stay in one form so one submission carries every field. The browser keeps
 * a draft as the visitor types, and 'Save and finish later' keeps one on the server (lib/drafts/).
 */
export function ApplicationForm({
  layout,
  page,
  closeButton,
  onStepChange,
  start,
  noScript,
  stepHeadingTag: StepHeading,
  stateOptions,
}: {
  layout: 'steps' | 'single';
  page: string;
  /** The success view's Close control (the modal's Dialog.Close, or a link on the page). */
  closeButton: ReactNode;
  onStepChange?: (step: number) => void;
  start?: ApplicationStart;
  /** 'Save and finish later' without JavaScript (the application's pages only: ./apply-page-form.tsx). */
  noScript?: ReactNode;
  /** The steps' headings, one level below the title: the dialog's h2, or the /apply page's h1. */
  stepHeadingTag: 'h2' | 'h3';
  /**
   * The property state's choices, rendered by the page on the server
   * (lib/leads/property-state-options.ts): as a prop they travel as data, and no page's script
   * carries the list.
   */
  stateOptions: readonly { value: string; label: string }[];
}) {
  const idPrefix = useId();
  const steps = layout === 'steps';
  const [step, setStep] = useState<number>(start?.step ?? 0);
  const formRef = useRef<HTMLFormElement>(null);
  const [missing, setMissing] = useState<Record<string, string>>({});
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);
  const { formAction, onSubmit, pending, result, fieldErrors } = useLeadForm(submitApplicationAction, {
    kind: 'application',
    permalink: LEAD_PAGES.application,
    validate(form) {
      const names = missingRequired(layout === 'steps' ? 'applicationStep2' : 'application', valuesOf(form));
      if (names.length === 0) return true;
      setMissing(flagMissing(form, names));
      showToast({ title: INCOMPLETE.application.title, description: INCOMPLETE.application.submit, variant: 'error' });
      return false;
    },
    onResult(outcome) {
      // A server-side complaint about a step-1 field sends the visitor back to it.
      if (steps && !outcome.ok && outcome.reason === 'invalid' && APPLICATION_STEP1.some((f) => f.name in outcome.fieldErrors))
        goTo(0);
    },
  });
  const values = { ...start?.values, ...(result && !result.ok ? result.values : undefined) };
  const errors = { ...fieldErrors, ...missing };
  const done = result?.ok === true;
  // The dialog records its step; the page (every field at once) how far its fields go.
  const draftStep = (): DraftStep => {
    if (steps) return step === 1 ? 1 : 0;
    const form = formRef.current;
    return form && step2Names.some((name) => valuesOf(form)(name) !== '') ? 1 : 0;
  };
  const draft = useApplicationDraft({
    formRef,
    given: start?.values ?? {},
    resumedToken: start?.token,
    step: draftStep,
    onKeptStep(kept) {
      const form = formRef.current;
      if (steps && form && missingRequired('applicationStep1', valuesOf(form)).length === 0) setStep(kept);
    },
    done,
  });
  const { keep } = draft;
  useEffect(() => {
    keep();
  }, [step, keep]);

  useEffect(() => {
    if (done) successHeading.current?.focus();
  }, [done]);

  function goTo(next: number) {
    setStep(next);
    onStepChange?.(next);
    requestAnimationFrame(() => stepHeading.current?.focus());
  }

  function onNext(form: HTMLFormElement | null) {
    if (!form) return;
    const names = missingRequired('applicationStep1', valuesOf(form));
    if (names.length > 0) {
      setMissing(flagMissing(form, names));
      showToast({ title: INCOMPLETE.application.title, description: INCOMPLETE.application.next, variant: 'error' });
      return;
    }
    setMissing({});
    goTo(1);
  }

  if (done) {
    return (
      <div className="py-8 text-center">
        <span
          aria-hidden="true"
          className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-700 text-3xl font-bold text-white"
        >
          ✓
        </span>
        <h2 ref={successHeading} tabIndex={-1} className="text-brand-900 mt-4 text-2xl font-bold outline-none">
          Application Submitted!
        </h2>
        <p className="mt-2 text-slate-700">
          Thank you. A construction loan specialist will review your application and contact you within 24 hours.
        </p>
        <div className="mt-6">{closeButton}</div>
      </div>
    );
  }

  // The land fields the answer to 'Do you own the land?' does not ask for are hidden by CSS
  // (app/globals.css), so it works the same before React, after it and without JavaScript.
  const landClass = (name: string) => (landOwned.has(name) ? 'land-owned' : landSearch.has(name) ? 'land-search' : '');
  const render = (shared: FieldDef) => {
    const field = shared.name === PROPERTY_STATE_FIELD ? { ...shared, options: [...stateOptions] } : shared;
    return (
      <Field
        key={field.name}
        field={field}
        idPrefix={idPrefix}
        required={required.has(field.name)}
        error={errors[field.name]}
        defaultValue={values[field.name]}
        className={
          [field.input === 'textarea' || field.input === 'yesno' ? 'sm:col-span-2' : '', landClass(field.name)]
            .filter(Boolean)
            .join(' ') || undefined
        }
      />
    );
  };

  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={(event) => {
        if (steps && step === 0) {
          event.preventDefault();
          onNext(event.currentTarget);
          return;
        }
        onSubmit(event);
      }}
      noValidate
      className="space-y-6"
    >
      {steps && <Progress step={step} />}
      <HiddenFields page={page} officer={values[HIDDEN.officer]} />
      <input type="hidden" name={DRAFT_TOKEN_FIELD} value={draft.token ?? ''} />
      {STEPS.map((title, index) => (
        <section key={title} hidden={steps && step !== index} aria-labelledby={`${idPrefix}-step${index}`}>
          <StepHeading
            id={`${idPrefix}-step${index}`}
            ref={index === step ? stepHeading : undefined}
            tabIndex={-1}
            className="text-brand-900 mb-4 text-lg font-semibold outline-none"
          >
            {steps ? `Step ${index + 1} of 2: ` : ''}
            {title}
          </StepHeading>
          <div className="grid gap-4 sm:grid-cols-2">{(index === 0 ? APPLICATION_STEP1 : APPLICATION_STEP2).map(render)}</div>
          {index === 1 && (
            <div className="mt-4">
              <ConsentCheckbox idPrefix={idPrefix} defaultChecked={values.consent === 'yes'} />
            </div>
          )}
        </section>
      ))}
      <p className="text-sm text-slate-600">
        <span aria-hidden="true" className="text-red-800">
          *
        </span>{' '}
        Required
      </p>
      <ResultMessage result={result} />
      <div className="flex justify-between gap-3">
        {steps ? (
          <>
            <button type="button" className={buttonStyles.secondary} disabled={step === 0} onClick={() => goTo(0)}>
              Back
            </button>
            {step === 0 ? (
              <button type="submit" className={buttonStyles.primary} {...earlyIncomplete(INCOMPLETE.application.next)}>
                Next
              </button>
            ) : (
              <button
                type="submit"
                className={buttonStyles.primary}
                disabled={pending}
                {...earlyIncomplete(INCOMPLETE.application.submit)}
              >
                {pending ? 'Submitting Application...' : 'Submit'}
              </button>
            )}
          </>
        ) : (
          <button
            type="submit"
            className={`${buttonStyles.primary} ml-auto`}
            disabled={pending}
            {...earlyIncomplete(INCOMPLETE.application.submit)}
          >
            {pending ? 'Submitting Application...' : 'Submit Application'}
          </button>
        )}
      </div>
      <SaveForLater idPrefix={idPrefix} formRef={formRef} step={draftStep} token={draft.token} onSaved={draft.setToken}>
        {noScript}
      </SaveForLater>
    </form>
  );
}

function Progress({ step }: { step: number }) {
  return (
    <div>
      <ol className="flex justify-between text-sm font-medium">
        {STEPS.map((title, index) => (
          <li
            key={title}
            aria-current={index === step ? 'step' : undefined}
            className={index <= step ? 'text-brand-800' : 'text-slate-600'}
          >
            {index + 1}. {title}
          </li>
        ))}
      </ol>
      <div
        role="progressbar"
        aria-label="Application progress"
        aria-valuemin={1}
        aria-valuemax={2}
        aria-valuenow={step + 1}
        aria-valuetext={`Step ${step + 1} of 2`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="bg-brand-700 h-full transition-all" style={{ width: `${((step + 1) / 2) * 100}%` }} />
      </div>
    </div>
  );
}
