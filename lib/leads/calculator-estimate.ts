import { CALCULATORS, FALLBACK_DEFAULTS, calculatorQuery, isCalculatorId, parseCalculatorQuery } from '../calculators/registry';
import { describeEstimate } from '../calculators/run';
import { CALCULATOR_LEAD_FIELDS as F, linesText } from './calculator-lead';
import { CALCULATOR_ID_FIELD, CALCULATOR_INPUT_PREFIX, CALCULATOR_QUERY_FIELD } from './calculator-fields';
import { PROPERTY_STATE_FIELD } from './property-state';

/**
 * The fields of a calculator lead, computed on the server from the posted inputs (the page's
 * query in `estimate`, or `calc_<name>` each)
 * with the calculators' own parsing and engines: a result posted with them is never read, so the
 * lead and the visitor's e-mail always hold what these inputs give. An input left out takes the
 * calculator's default (the component posts them all); a bad one refuses the lead with a message,
 * since the visitor cannot see hidden fields: they fix the calculator above and send again.
 */

export type CalculatorLeadFields =
  { ok: true; fields: Record<string, string> } | { ok: false; fieldErrors: Record<string, string>; message: string };

export function calculatorLeadFields(form: Record<string, string>, posted: Record<string, string>): CalculatorLeadFields {
  const id = form[CALCULATOR_ID_FIELD];
  if (!isCalculatorId(id)) {
    return {
      ok: false,
      fieldErrors: { [CALCULATOR_ID_FIELD]: 'No such calculator.' },
      message: 'This estimate could not be read. Reload the calculator and try again.',
    };
  }
  // The calculator page posts the query of the figures on screen; other clients may post each input.
  const postedQuery = new URLSearchParams(posted[CALCULATOR_QUERY_FIELD] ?? '');
  const inputs: Record<string, string> = {};
  for (const { name } of CALCULATORS[id].inputs) {
    const value = postedQuery.get(name) ?? posted[`${CALCULATOR_INPUT_PREFIX}${name}`];
    if (value !== undefined && value !== null) inputs[name] = value;
  }
  const parsed = parseCalculatorQuery(id, inputs, FALLBACK_DEFAULTS);
  if (!parsed.ok) {
    const labels = Object.keys(parsed.errors).map((name) => CALCULATORS[id].inputs.find((i) => i.name === name)!.label);
    return {
      ok: false,
      fieldErrors: Object.fromEntries(
        Object.entries(parsed.errors).map(([name, error]) => [`${CALCULATOR_INPUT_PREFIX}${name}`, error]),
      ),
      message: `Check the calculator's ${labels.join(', ')}, then send the estimate again.`,
    };
  }
  const estimate = describeEstimate(id, parsed.values);
  const query = calculatorQuery(id, parsed.values);
  return {
    ok: true,
    fields: {
      email: form.email ?? '',
      name: form.name ?? '',
      // The property's state, when given, routes the lead (./routing.server.ts).
      ...(form[PROPERTY_STATE_FIELD] ? { [PROPERTY_STATE_FIELD]: form[PROPERTY_STATE_FIELD] } : {}),
      [CALCULATOR_ID_FIELD]: id,
      [F.title]: estimate.title,
      [F.link]: query ? `${CALCULATORS[id].path}?${query}` : CALCULATORS[id].path,
      [F.inputs]: linesText(estimate.inputs),
      [F.results]: linesText(estimate.results),
      ...(estimate.terms ? { [F.terms]: estimate.terms } : {}),
    },
  };
}
