import { HiddenFields, inputClass, labelClass } from '@/components/leads/form-parts';
import { buttonStyles } from '@/components/ui/button-styles';
import {
  APPLY_WITH_NUMBERS_PATH,
  ESTIMATE_ACTIONS_ID,
  ESTIMATE_QUERY_INPUT_ID,
  ESTIMATE_STATUSES,
  type EstimateStatus,
} from '@/lib/calculators/estimate-status';
import type { CalculatorId } from '@/lib/calculators/registry';
import { leadEndpoint } from '@/lib/leads/endpoint';
import { CALCULATOR_ID_FIELD, CALCULATOR_QUERY_FIELD } from '@/lib/leads/calculator-fields';
import { PROPERTY_STATE_FIELD, propertyStateField } from '@/lib/leads/property-state';
import { STATE_OPTIONS } from '@/lib/leads/property-state-options';
import { FORM_ID } from './ids';

/**
 * A calculator result's two actions (issue 19), plain HTML that costs the page no script (the
 * calculator pages have no JavaScript budget left):
 *
 * - 'Apply with these numbers' is a second submit button of the calculator's own form, sending
 *   the figures in its fields (whatever was typed, with or without JavaScript) to
 *   /calculators/apply, which redirects to /apply with the application's fields prefilled.
 * - 'Email me this estimate' is a form posted to the lead endpoint as the browser sends it; the
 *   endpoint stores the `calculator` lead, e-mails the estimate and answers with a 303 back here,
 *   where `status` shows the outcome. Its hidden `estimate` holds the query of the figures on
 *   screen: the server's at first, kept current by the live calculator (./use-calculator.ts).
 *   The browser checks the address (required, type=email); the server checks everything again.
 *   The property's state (optional) routes the lead to an officer licensed there (issue 31): a
 *   server-rendered select, so its list of states is HTML, never script.
 */
export function EstimateActions({
  id,
  path,
  query,
  status,
}: {
  id: CalculatorId;
  path: string;
  query: string;
  status: EstimateStatus | null;
}) {
  const answer = status ? ESTIMATE_STATUSES[status] : null;
  return (
    <section id={ESTIMATE_ACTIONS_ID} aria-labelledby="estimate-actions-title" className="card" data-testid="estimate-actions">
      <h2 id="estimate-actions-title" className="text-brand-900 text-lg font-semibold">
        Use these numbers
      </h2>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <div>
          <p className="text-slate-700">Start the application with the loan amount and the project figures above filled in.</p>
          <button
            type="submit"
            form={FORM_ID}
            formAction={APPLY_WITH_NUMBERS_PATH}
            formMethod="get"
            name={CALCULATOR_ID_FIELD}
            value={id}
            className={`${buttonStyles.primary} mt-4`}
          >
            Apply with these numbers
          </button>
        </div>
        <form method="post" action={leadEndpoint('calculator')} aria-label="Email me this estimate" className="space-y-4">
          <HiddenFields page={path} />
          <input type="hidden" name={CALCULATOR_ID_FIELD} value={id} />
          <input type="hidden" id={ESTIMATE_QUERY_INPUT_ID} name={CALCULATOR_QUERY_FIELD} defaultValue={query} />
          <div>
            <label htmlFor="estimate-email" className={labelClass}>
              Email{' '}
              <span aria-hidden="true" className="text-red-800">
                *
              </span>
            </label>
            <input
              id="estimate-email"
              type="email"
              name="email"
              required
              maxLength={254}
              autoComplete="email"
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="estimate-name" className={labelClass}>
              Name
            </label>
            <input id="estimate-name" type="text" name="name" maxLength={100} autoComplete="name" className={inputClass} />
          </div>
          <div>
            <label htmlFor="estimate-property-state" className={labelClass}>
              {propertyStateField.label}
            </label>
            <select id="estimate-property-state" name={PROPERTY_STATE_FIELD} defaultValue="" className={inputClass}>
              {STATE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          {answer && (
            <p
              role={answer.role}
              className={answer.role === 'status' ? 'font-medium text-green-800' : 'font-medium text-red-800'}
            >
              {answer.text}
            </p>
          )}
          <button type="submit" className={buttonStyles.secondary}>
            Email me this estimate
          </button>
          <p className="text-sm text-slate-600">
            We e-mail this estimate once to the address you enter. It is an estimate, not an offer of credit.
          </p>
        </form>
      </div>
    </section>
  );
}
