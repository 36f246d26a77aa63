'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { Field, HiddenFields, ResultMessage, flagMissing, useLeadForm, valuesOf } from '@/components/leads/form-parts';
import { buttonStyles } from '@/components/ui/button-styles';
import { showToast } from '@/components/ui/toast-store';
import { CALCULATORS, isCalculatorId, type CalculatorId } from '@/lib/calculators/registry';
import { submitCalculatorAction } from '@/lib/leads/actions/calculator';
import { ESTIMATE_EMAIL_PATH } from '@/lib/leads/calculator-lead';
import {
  CALCULATOR_FIELDS,
  CALCULATOR_ID_FIELD,
  CALCULATOR_INPUT_PREFIX,
  INCOMPLETE,
  REQUIRED,
  missingRequired,
} from '@/lib/leads/fields';
import { EARLY, earlyJson } from '@/lib/site/early-controls';

/** The fields the visitor types: e-mail and name (the calculator's id is a hidden field). */
const VISIBLE = CALCULATOR_FIELDS.filter((field) => field.name !== CALCULATOR_ID_FIELD);
const MISSING_EMAIL = { title: INCOMPLETE.other.title, description: 'Enter your e-mail address to get the estimate.' };

/** The calculator and inputs a form re-rendered without JavaScript posted (echoed in the result). */
function echoedEstimate(echo: Record<string, string>): { calculator: CalculatorId; values: Record<string, string> } | null {
  const calculator = echo[CALCULATOR_ID_FIELD];
  if (!isCalculatorId(calculator)) return null;
  const values: Record<string, string> = {};
  for (const { name } of CALCULATORS[calculator].inputs) values[name] = echo[`${CALCULATOR_INPUT_PREFIX}${name}`] ?? '';
  return { calculator, values };
}

/**
 * 'Email me this estimate': a lead form of kind `calculator` whose calculator inputs are hidden
 * fields (`calc_<name>`); the server recomputes the estimate from them and e-mails it. With
 * JavaScript it posts to the lead endpoint and answers in place (a toast and a status line).
 * Without, it posts to its Server Action on the page ESTIMATE_EMAIL_PATH (the permalink), which
 * renders this same form with the answer: `calculator` is null there, and the estimate comes back
 * from the answer itself (a refused one shows the form again, with what was typed).
 */
export function EstimateEmailForm({
  calculator,
  values,
  page,
}: {
  calculator: CalculatorId | null;
  values: Record<string, string>;
  page: string;
}) {
  const idPrefix = useId();
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState('');
  const status = useRef<HTMLParagraphElement>(null);
  const { formAction, onSubmit, pending, result, fieldErrors } = useLeadForm(submitCalculatorAction, {
    kind: 'calculator',
    permalink: ESTIMATE_EMAIL_PATH,
    validate(form) {
      const names = missingRequired('calculator', valuesOf(form));
      setMissing(flagMissing(form, names));
      setSentTo(valuesOf(form)('email'));
      if (names.length === 0) return true;
      showToast({ ...MISSING_EMAIL, variant: 'error' });
      return false;
    },
    onResult(outcome) {
      if (outcome.ok)
        showToast({ title: 'Estimate sent', description: 'Check your inbox in a minute or two.', variant: 'success' });
    },
  });
  const sent = result?.ok === true;
  useEffect(() => {
    if (sent) status.current?.focus();
  }, [sent]);

  const echo = result && !result.ok ? (result.values ?? {}) : {};
  const estimate = calculator ? { calculator, values } : echoedEstimate(echo);
  const sentLine = (
    <p ref={status} tabIndex={-1} role="status" className="font-medium text-green-800 outline-none">
      {sentTo ? `Sent to ${sentTo}.` : 'Sent.'} Your estimate is on its way.
    </p>
  );
  // The answer page without JavaScript: the way back to the estimate instead of a form.
  if (!calculator && (sent || !estimate)) {
    const back = result?.ok ? result.link : undefined;
    return (
      <div className="space-y-4">
        {sent ? sentLine : <ResultMessage result={result} />}
        {!sent && !result && (
          <p className="text-slate-700">Choose a calculator, run your numbers, then e-mail the estimate from there.</p>
        )}
        <p className="flex flex-wrap gap-4">
          {back && (
            <a href={back} className={buttonStyles.primary}>
              Back to your estimate
            </a>
          )}
          <a href="/calculators" className={back ? buttonStyles.secondary : buttonStyles.primary}>
            All calculators
          </a>
        </p>
      </div>
    );
  }
  const errors = { ...fieldErrors, ...missing };
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Email me this estimate">
      <HiddenFields page={calculator || !estimate ? page : CALCULATORS[estimate.calculator].path} />
      {estimate && (
        <>
          <input type="hidden" name={CALCULATOR_ID_FIELD} value={estimate.calculator} />
          {CALCULATORS[estimate.calculator].inputs.map(({ name }) => (
            <input key={name} type="hidden" name={`${CALCULATOR_INPUT_PREFIX}${name}`} value={estimate.values[name] ?? ''} />
          ))}
        </>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {VISIBLE.map((field) => (
          <Field
            key={field.name}
            field={field}
            idPrefix={idPrefix}
            required={REQUIRED.calculator.includes(field.name)}
            error={errors[field.name]}
            defaultValue={echo[field.name]}
          />
        ))}
      </div>
      <ResultMessage result={result} />
      {sent && sentLine}
      <button
        type="submit"
        className={buttonStyles.secondary}
        disabled={pending}
        {...{ [EARLY.incomplete]: earlyJson(MISSING_EMAIL) }}
      >
        {pending ? 'Sending...' : 'Email me this estimate'}
      </button>
      <p className="text-sm text-slate-600">
        We e-mail this estimate once to the address you enter. It is an estimate, not an offer of credit.
      </p>
    </form>
  );
}
