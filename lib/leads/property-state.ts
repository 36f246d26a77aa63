import { STATES_BY_NAME } from '../licenses/us-states';
import type { FieldDef } from './fields';

/**
 * The property's state (issue 31, routing by state), asked by the application and by the
 * calculators' 'Email me this estimate': a new lead goes to an officer licensed there
 * (./routing.server.ts). Optional, with 'Not sure / other' first: routing must never stop a
 * visitor from sending a lead, and a lead without a state is stored as it always was. Kept out of
 * ./fields.ts, which every public page's script carries: the choices are the one list of codes
 * and names in lib/licenses/us-states.ts, and only the forms that ask for a state load it.
 */

export const PROPERTY_STATE_FIELD = 'propertyState';

/** The blank choice: no state (a visitor who does not know yet, or a property outside the list). */
export const NO_STATE_LABEL = 'Not sure / other';

/** No `initial`: the first option, 'Not sure / other', is what a fresh form shows and sends. */
export const propertyStateField: FieldDef = {
  name: PROPERTY_STATE_FIELD,
  label: 'Property State',
  input: 'select',
  max: 2,
  options: [{ value: '', label: NO_STATE_LABEL }, ...STATES_BY_NAME.map(({ code, name }) => ({ value: code, label: name }))],
};
