import { email, text, type FieldDef } from './fields';
import { propertyStateField } from './property-state';

/**
 * 'Email me this estimate' (issue 19) as a lead form: kept apart from ./fields.ts because that
 * module is in every public page's script (the other forms use it), and this form has none: it is
 * plain HTML (lib/calculators/body/estimate-actions.ts), checked on the server only.
 */

/** The field naming which calculator an estimate came from (a hidden input; its inputs are posted as `calc_<name>`). */
export const CALCULATOR_ID_FIELD = 'calculator';
/** The prefix of a calculator's inputs in an 'Email me this estimate' post, apart from the form's own names. */
export const CALCULATOR_INPUT_PREFIX = 'calc_';
/** The calculator page's form posts its inputs as one query string (what the page's address holds). */
export const CALCULATOR_QUERY_FIELD = 'estimate';

/**
 * 'Email me this estimate' (issue 19): what the visitor types (name and the property's state
 * optional: the state routes the lead, issue 31), and the hidden calculator id; the inputs travel
 * as `calc_<name>` and the server recomputes the results from them
 * (lib/leads/calculator-estimate.ts), so nothing posted is trusted as a result.
 */
export const CALCULATOR_FIELDS: FieldDef[] = [
  email('email', 'Email'),
  text('name', 'Name', 'name', 100),
  propertyStateField,
  { name: CALCULATOR_ID_FIELD, label: 'Calculator', input: 'text', max: 60 },
];

export const CALCULATOR_REQUIRED: readonly string[] = ['email', CALCULATOR_ID_FIELD];
