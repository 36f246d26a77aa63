/**
 * What became of an 'Email me this estimate' form: the lead endpoint answers the browser's plain
 * form post with a 303 back to the calculator page, its figures in the query and this outcome in
 * `estimate-sent`, which the page shows beside the form. No address travels in the URL.
 */
export const ESTIMATE_STATUS_PARAM = 'estimate-sent';

export const ESTIMATE_STATUSES = {
  ok: { role: 'status', text: 'Your estimate is on its way. Check your inbox in a minute or two.' },
  invalid: { role: 'alert', text: 'Enter a valid e-mail address, and check the numbers above, then send the estimate again.' },
  limited: { role: 'alert', text: 'We have received many forms from your network. Please call us, or try again later.' },
  failed: { role: 'alert', text: 'Your estimate could not be sent just now. Please try again in a moment, or call us.' },
} as const;

export type EstimateStatus = keyof typeof ESTIMATE_STATUSES;

export const isEstimateStatus = (value: unknown): value is EstimateStatus =>
  typeof value === 'string' && Object.hasOwn(ESTIMATE_STATUSES, value);

/** The id of the e-mail form's hidden query: the live calculator keeps it on the figures on screen. */
export const ESTIMATE_QUERY_INPUT_ID = 'calc-q';
/** Where the redirect lands: the actions, so the answer is in view. */
export const ESTIMATE_ACTIONS_ID = 'estimate';
/** Where 'Apply with these numbers' sends the calculator's form (a redirect to the prefilled /apply). */
export const APPLY_WITH_NUMBERS_PATH = '/calculators/apply';

/**
 * Where a browser's own post of the estimate form is sent back to: its calculator's page with the
 * figures it posted (only that calculator's inputs) and the outcome, scrolled to the actions.
 * Always one of the calculator pages, whatever was posted: never an address a visitor chose.
 */
export function estimateAnswerPath(
  calculators: Record<string, { path: string; inputs: readonly { name: string }[] }>,
  posted: { calculator?: string; query?: string },
  status: EstimateStatus,
): string {
  const calculator = posted.calculator && Object.hasOwn(calculators, posted.calculator) ? calculators[posted.calculator] : null;
  if (!calculator) return `/calculators?${ESTIMATE_STATUS_PARAM}=${status}`;
  const sent = new URLSearchParams(posted.query ?? '');
  const back = new URLSearchParams();
  for (const { name } of calculator.inputs) {
    const value = sent.get(name);
    if (value !== null) back.set(name, value.slice(0, 2000));
  }
  back.set(ESTIMATE_STATUS_PARAM, status);
  return `${calculator.path}?${back}#${ESTIMATE_ACTIONS_ID}`;
}
