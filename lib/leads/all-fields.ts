import { APPLICATION_STEP1, APPLICATION_STEP2 } from './application-fields';
import { SIMPLE_FIELDS, type FieldDef, type LeadKind } from './fields';

/** Every form's fields, for the server's schemas and messages. */
export const FIELDS: Record<LeadKind, FieldDef[]> = {
  application: [...APPLICATION_STEP1, ...APPLICATION_STEP2],
  ...SIMPLE_FIELDS,
};
