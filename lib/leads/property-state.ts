import type { FieldDef } from './fields';

/**
 * The property's state (issue 31, routing by state), asked by the application and by the
 * calculators' 'Email me this estimate': a new lead goes to an officer licensed there
 * (./routing.server.ts). Optional, with 'Not sure / other' first: routing must never stop a
 * visitor from sending a lead, and a lead without a state is stored as it always was. Kept out of
 * ./fields.ts, which every public page's script carries. The choices (the one list of codes and
 * names, lib/licenses/us-states.ts) are not in the field: the pages render them on the server
 * (./property-state-options.ts) and hand them to the form, so no page's script carries the list,
 * and the server checks a posted code against it (./schemas.ts).
 */

export const PROPERTY_STATE_FIELD = 'propertyState';

/** The blank choice: no state (a visitor who does not know yet, or a property outside the list). */
export const NO_STATE_LABEL = 'Not sure / other';

/** The blank choice alone: the states are added by whoever renders the form (./property-state-options.ts). */
export const NO_STATE_OPTION = { value: '', label: NO_STATE_LABEL };

/** No `initial`: the first option, 'Not sure / other', is what a fresh form shows and sends. */
export const propertyStateField: FieldDef = {
  name: PROPERTY_STATE_FIELD,
  label: 'Property State',
  input: 'select',
  max: 2,
  options: [NO_STATE_OPTION],
};

/** What a posted state may look like before the server checks it against the list: '' or two capitals. */
export const looksLikeStateCode = (value: string) => value === '' || /^[A-Z]{2}$/.test(value);
