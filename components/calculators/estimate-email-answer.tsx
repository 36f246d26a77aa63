'use client';

import { buttonStyles } from '@/components/ui/button-styles';
import { ResultMessage } from '@/components/leads/form-parts';
import { CALCULATORS, isCalculatorId, type CalculatorId } from '@/lib/calculators/registry';
import { CALCULATOR_ID_FIELD, CALCULATOR_INPUT_PREFIX } from '@/lib/leads/fields';
import { EstimateEmailFields, SentLine, useEstimateEmail } from './estimate-email-form';

/** The calculator and inputs a form sent without JavaScript posted (echoed in a refusal). */
function echoedEstimate(echo: Record<string, string>): { calculator: CalculatorId; values: Record<string, string> } | null {
  const calculator = echo[CALCULATOR_ID_FIELD];
  if (!isCalculatorId(calculator)) return null;
  const values: Record<string, string> = {};
  for (const { name } of CALCULATORS[calculator].inputs) values[name] = echo[`${CALCULATOR_INPUT_PREFIX}${name}`] ?? '';
  return { calculator, values };
}

/**
 * The answer of 'Email me this estimate' sent without JavaScript (the page ESTIMATE_EMAIL_PATH,
 * the form's permalink): sent, with the way back to the estimate; refused, the form again with
 * what was typed and the estimate's inputs (echoed by the server); opened directly, a link to the
 * calculators.
 */
export function EstimateEmailAnswer() {
  const email = useEstimateEmail();
  const echo = email.result && !email.result.ok ? (email.result.values ?? {}) : {};
  const estimate = echoedEstimate(echo);
  if (estimate && !email.sent) {
    return (
      <form
        action={email.formAction}
        onSubmit={email.onSubmit}
        noValidate
        className="space-y-4"
        aria-label="Email me this estimate"
      >
        <EstimateEmailFields calculator={estimate.calculator} values={estimate.values} email={{ ...email, echo }} />
      </form>
    );
  }
  const back = email.result?.ok ? email.result.link : undefined;
  return (
    <div className="space-y-4">
      {email.sent ? <SentLine sentTo={email.sentTo} status={email.status} /> : <ResultMessage result={email.result} />}
      {!email.result && (
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
