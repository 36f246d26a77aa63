import { STATES_BY_NAME } from '../licenses/us-states';
import { NO_STATE_OPTION, propertyStateField } from './property-state';
import type { FieldDef } from './fields';

/**
 * The property-state field with every choice, for the server to render (the application's pages
 * pass it to the form as a prop, the estimate form renders it whole) and to check posted values
 * against: imported by server components and server modules only, so no page's script carries the
 * list of names (about 0.6 KB of gzip JavaScript on every page with the application).
 */
export const STATE_OPTIONS: readonly { value: string; label: string }[] = [
  NO_STATE_OPTION,
  ...STATES_BY_NAME.map(({ code, name }) => ({ value: code, label: name })),
];

export const propertyStateFieldWithChoices: FieldDef = { ...propertyStateField, options: [...STATE_OPTIONS] };
