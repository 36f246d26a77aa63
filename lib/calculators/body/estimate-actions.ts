import { leadEndpoint } from '../../leads/endpoint';
import { CALCULATOR_ID_FIELD, CALCULATOR_QUERY_FIELD } from '../../leads/calculator-fields';
import { HIDDEN } from '../../leads/fields';
import { PROPERTY_STATE_FIELD, propertyStateField } from '../../leads/property-state';
import { STATE_OPTIONS } from '../../leads/property-state-options';
import { buttonStyles } from '../../ui/button-styles';
import { inputClass, labelClass } from '../../ui/form-classes';
import {
  APPLY_WITH_NUMBERS_PATH,
  ESTIMATE_ACTIONS_ID,
  ESTIMATE_QUERY_INPUT_ID,
  ESTIMATE_STATUSES,
  type EstimateStatus,
} from '../estimate-status';
import { FORM_ID } from '../live/ids';
import { h, type MarkupNode } from '../markup/node';
import type { CalculatorId } from '../registry';

/**
 * A calculator result's two actions (issue 19), plain HTML that costs the page no script:
 *
 * - 'Apply with these numbers' is a second submit button of the calculator's own form, sending
 *   the figures in its fields (whatever was typed, with or without JavaScript) to
 *   /calculators/apply, which redirects to /apply with the application's fields prefilled.
 * - 'Email me this estimate' is a form posted to the lead endpoint as the browser sends it; the
 *   endpoint stores the `calculator` lead, e-mails the estimate and answers with a 303 back here,
 *   where `status` shows the outcome. Its hidden `estimate` holds the query of the figures on
 *   screen: the server's at first, kept current by the live script (../live/start.ts).
 *   The browser checks the address (required, type=email); the server checks everything again.
 *   The property's state (optional) routes the lead to an officer licensed there (issue 31): its
 *   list of states is HTML, never script.
 */
export function estimateActions(id: CalculatorId, path: string, query: string, status: EstimateStatus | null): MarkupNode {
  const answer = status ? ESTIMATE_STATUSES[status] : null;
  const required = h('span', { 'aria-hidden': 'true', class: 'text-red-800' }, '*');
  return h(
    'section',
    { id: ESTIMATE_ACTIONS_ID, 'aria-labelledby': 'estimate-actions-title', class: 'card', 'data-testid': 'estimate-actions' },
    h('h2', { id: 'estimate-actions-title', class: 'text-brand-900 text-lg font-semibold' }, 'Use these numbers'),
    h(
      'div',
      { class: 'mt-4 grid gap-8 md:grid-cols-2' },
      h(
        'div',
        null,
        h(
          'p',
          { class: 'text-slate-700' },
          'Start the application with the loan amount and the project figures above filled in.',
        ),
        h(
          'button',
          {
            type: 'submit',
            form: FORM_ID,
            formaction: APPLY_WITH_NUMBERS_PATH,
            formmethod: 'get',
            name: CALCULATOR_ID_FIELD,
            value: id,
            class: `${buttonStyles.primary} mt-4`,
          },
          'Apply with these numbers',
        ),
      ),
      h(
        'form',
        { method: 'post', action: leadEndpoint('calculator'), 'aria-label': 'Email me this estimate', class: 'space-y-4' },
        h('input', { type: 'hidden', name: HIDDEN.page, value: path }),
        // The honeypot, not displayed at all: autofill never fills it for a person (ADR 030).
        h(
          'div',
          { 'aria-hidden': 'true', hidden: true },
          h('label', { for: 'estimate-hp' }, 'Leave this field empty'),
          h('input', { id: 'estimate-hp', type: 'text', name: HIDDEN.honeypot, tabindex: -1, autocomplete: 'off', value: '' }),
        ),
        h('input', { type: 'hidden', name: CALCULATOR_ID_FIELD, value: id }),
        h('input', { type: 'hidden', id: ESTIMATE_QUERY_INPUT_ID, name: CALCULATOR_QUERY_FIELD, value: query }),
        h(
          'div',
          null,
          h('label', { for: 'estimate-email', class: labelClass }, 'Email ', required),
          h('input', {
            id: 'estimate-email',
            type: 'email',
            name: 'email',
            required: true,
            maxlength: 254,
            autocomplete: 'email',
            class: inputClass,
          }),
        ),
        h(
          'div',
          null,
          h('label', { for: 'estimate-name', class: labelClass }, 'Name'),
          h('input', {
            id: 'estimate-name',
            type: 'text',
            name: 'name',
            maxlength: 100,
            autocomplete: 'name',
            class: inputClass,
          }),
        ),
        h(
          'div',
          null,
          h('label', { for: 'estimate-property-state', class: labelClass }, propertyStateField.label),
          h(
            'select',
            { id: 'estimate-property-state', name: PROPERTY_STATE_FIELD, class: inputClass },
            STATE_OPTIONS.map((option) => h('option', { value: option.value, selected: option.value === '' }, option.label)),
          ),
        ),
        answer
          ? h(
              'p',
              { role: answer.role, class: answer.role === 'status' ? 'font-medium text-green-800' : 'font-medium text-red-800' },
              answer.text,
            )
          : null,
        h('button', { type: 'submit', class: buttonStyles.secondary }, 'Email me this estimate'),
        h(
          'p',
          { class: 'text-sm text-slate-600' },
          'We e-mail this estimate once to the address you enter. It is an estimate, not an offer of credit.',
        ),
      ),
    ),
  );
}
