'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { Field, HiddenFields, ResultMessage, flagMissing, useLeadForm, valuesOf } from '@/components/leads/form-parts';
import { buttonStyles } from '@/components/ui/button-styles';
import { showToast } from '@/components/ui/toast-store';
import { applyLink } from '@/lib/calculators/apply-link';
import { CALCULATORS, calculatorQuery, type CalculatorId } from '@/lib/calculators/registry';
import { submitCalculatorAction } from '@/lib/leads/actions/calculator';
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

/**
 * A calculator result's two actions (issue 19): 'Apply with these numbers', a plain link to /apply
 * with the application's fields prefilled (lib/calculators/apply-link.ts), and 'Email me this
 * estimate', a lead form of kind `calculator` that posts the calculator's inputs as hidden fields
 * (`calc_<name>`); the server recomputes the estimate from them and e-mails it to the visitor.
 * Like the other lead forms it works without JavaScript (its Server Action, with this estimate's
 * page as the permalink, so the page re-renders the same numbers with the answer) and answers a
 * press before React (ADR 015: the 'incomplete' toast from its data attribute, the press held).
 */
export function EstimateActions({ calculator, values }: { calculator: CalculatorId; values: Record<string, string> }) {
  const headingId = useId();
  const query = calculatorQuery(calculator, values);
  const path = CALCULATORS[calculator].path;
  return (
    <section aria-labelledby={headingId} className="mt-8 space-y-4 border-t border-slate-200 pt-6" data-testid="estimate-actions">
      <h2 id={headingId} className="text-brand-900 text-lg font-semibold">
        Use these numbers
      </h2>
      <a href={applyLink(calculator, values)} className={`${buttonStyles.primary} w-full sm:w-auto`}>
        Apply with these numbers
      </a>
      <EstimateEmailForm calculator={calculator} values={values} path={path} permalink={query ? `${path}?${query}` : path} />
    </section>
  );
}

function EstimateEmailForm({
  calculator,
  values,
  path,
  permalink,
}: {
  calculator: CalculatorId;
  values: Record<string, string>;
  path: string;
  permalink: string;
}) {
  const idPrefix = useId();
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState('');
  const status = useRef<HTMLParagraphElement>(null);
  const { formAction, onSubmit, pending, result, fieldErrors } = useLeadForm(submitCalculatorAction, {
    kind: 'calculator',
    permalink,
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
  const echoed = result && !result.ok ? (result.values ?? {}) : {};
  const errors = { ...fieldErrors, ...missing };
  return (
    <form action={formAction} onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Email me this estimate">
      <HiddenFields page={path} />
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
            error={errors[field.name]}
            defaultValue={echoed[field.name]}
          />
        ))}
      </div>
      <ResultMessage result={result} />
      {sent && (
        <p ref={status} tabIndex={-1} role="status" className="font-medium text-green-800 outline-none">
          {sentTo ? `Sent to ${sentTo}.` : 'Sent.'} Your estimate is on its way.
        </p>
      )}
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
