'use client';

import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Field, HiddenFields, ResultMessage, flagMissing, useLeadForm, valuesOf } from '@/components/leads/form-parts';
import { buttonStyles } from '@/components/ui/button-styles';
import { showToast } from '@/components/ui/toast-store';
import { CALCULATORS, type CalculatorId } from '@/lib/calculators/registry';
import { submitCalculatorAction } from '@/lib/leads/actions/calculator';
import { ESTIMATE_EMAIL_PATH } from '@/lib/leads/calculator-lead';
import {
  CALCULATOR_FIELDS,
  CALCULATOR_ID_FIELD,
  CALCULATOR_INPUT_PREFIX,
  INCOMPLETE,
  REQUIRED,
  missingRequired,
  type LeadResult,
} from '@/lib/leads/fields';
import { EARLY, earlyJson } from '@/lib/site/early-controls';

/** The fields the visitor types: e-mail and name (the calculator's id is a hidden field). */
const VISIBLE = CALCULATOR_FIELDS.filter((field) => field.name !== CALCULATOR_ID_FIELD);
const MISSING_EMAIL = { title: INCOMPLETE.other.title, description: 'Enter your e-mail address to get the estimate.' };

/**
 * 'Email me this estimate' as a lead form of kind `calculator`: with JavaScript it posts to the
 * lead endpoint and answers in place (a toast and a status line); without, it posts to its Server
 * Action with the permalink ESTIMATE_EMAIL_PATH, whose page renders the answer
 * (./estimate-email-answer.tsx): the calculator page itself is rendered per request, and Next
 * drops the action's answer there. The required-field check before React is the boot script's
 * (ADR 015, the submit's 'incomplete' toast).
 */
export function useEstimateEmail() {
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState('');
  const status = useRef<HTMLParagraphElement>(null);
  const form = useLeadForm(submitCalculatorAction, {
    kind: 'calculator',
    permalink: ESTIMATE_EMAIL_PATH,
    validate(element) {
      const names = missingRequired('calculator', valuesOf(element));
      setMissing(flagMissing(element, names));
      setSentTo(valuesOf(element)('email'));
      if (names.length === 0) return true;
      showToast({ ...MISSING_EMAIL, variant: 'error' });
      return false;
    },
    onResult(outcome) {
      if (outcome.ok)
        showToast({ title: 'Estimate sent', description: 'Check your inbox in a minute or two.', variant: 'success' });
    },
  });
  const sent = form.result?.ok === true;
  useEffect(() => {
    if (sent) status.current?.focus();
  }, [sent]);
  return { ...form, errors: { ...form.fieldErrors, ...missing }, sent, sentTo, status };
}

export function SentLine({ sentTo, status }: { sentTo: string; status: RefObject<HTMLParagraphElement | null> }) {
  return (
    <p ref={status} tabIndex={-1} role="status" className="font-medium text-green-800 outline-none">
      {sentTo ? `Sent to ${sentTo}.` : 'Sent.'} Your estimate is on its way.
    </p>
  );
}

/** The form's inside: the estimate as hidden fields, the e-mail and name, the answer, the button. */
export function EstimateEmailFields({
  calculator,
  values,
  email,
}: {
  calculator: CalculatorId;
  values: Record<string, string>;
  email: ReturnType<typeof useEstimateEmail> & { echo?: Record<string, string> };
}) {
  const idPrefix = useId();
  const result: LeadResult = email.result;
  return (
    <>
      <HiddenFields page={CALCULATORS[calculator].path} />
      <input type="hidden" name={CALCULATOR_ID_FIELD} value={calculator} />
      {CALCULATORS[calculator].inputs.map(({ name }) => (
        <input key={name} type="hidden" name={`${CALCULATOR_INPUT_PREFIX}${name}`} value={values[name] ?? ''} />
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        {VISIBLE.map((field) => (
          <Field
            key={field.name}
            field={field}
            idPrefix={idPrefix}
            required={REQUIRED.calculator.includes(field.name)}
            error={email.errors[field.name]}
            defaultValue={email.echo?.[field.name]}
          />
        ))}
      </div>
      <ResultMessage result={result} />
      {email.sent && <SentLine sentTo={email.sentTo} status={email.status} />}
      <button
        type="submit"
        className={buttonStyles.secondary}
        disabled={email.pending}
        {...{ [EARLY.incomplete]: earlyJson(MISSING_EMAIL) }}
      >
        {email.pending ? 'Sending...' : 'Email me this estimate'}
      </button>
      <p className="text-sm text-slate-600">
        We e-mail this estimate once to the address you enter. It is an estimate, not an offer of credit.
      </p>
    </>
  );
}

/** The form under a calculator's result, following the values on screen. */
export function EstimateEmailForm({ calculator, values }: { calculator: CalculatorId; values: Record<string, string> }) {
  const email = useEstimateEmail();
  return (
    <form
      action={email.formAction}
      onSubmit={email.onSubmit}
      noValidate
      className="space-y-4"
      aria-label="Email me this estimate"
    >
      <EstimateEmailFields calculator={calculator} values={values} email={email} />
    </form>
  );
}
