import { APPLICATION_STEP1, APPLICATION_STEP2 } from './application-fields';
import { CALCULATOR_FIELDS, CALCULATOR_REQUIRED } from './calculator-fields';
import { REQUIRED, SIMPLE_FIELDS, type FieldDef, type LeadKind } from './fields';

/** Every form's fields, for the server's schemas and messages. */
export const FIELDS: Record<LeadKind, FieldDef[]> = {
  application: [...APPLICATION_STEP1, ...APPLICATION_STEP2],
  ...SIMPLE_FIELDS,
  calculator: CALCULATOR_FIELDS,
};

/** Every form's required fields, for the server's schemas. */
export const ALL_REQUIRED: Record<LeadKind, readonly string[]> = { ...REQUIRED, calculator: CALCULATOR_REQUIRED };
