import { z } from 'zod';
import { contentSchema } from './schema';

/**
 * What the admin's content editor shows beside a field, read from the field's own definition in
 * the schema (lib/content/schema.ts): the bounds of a number as the schema checks them on save, and
 * the hint given with `.meta({ hint })`. One place for both, so the browser's bounds can never
 * drift from the server's (Payload keeps its admin metadata in the field definition the same way).
 */

export interface FieldRules {
  min?: number;
  max?: number;
  /** 1 for whole numbers, 'any' for decimals; absent for anything but a number. */
  step?: number | 'any';
  hint?: string;
}

/** The schema of the field at `path` (list items by their index), or undefined when there is none. */
function fieldSchema(path: readonly (string | number)[]): z.ZodType | undefined {
  let schema: z.ZodType | undefined = contentSchema;
  for (const part of path) {
    while (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType;
    if (schema instanceof z.ZodObject && typeof part === 'string') schema = (schema.shape as Record<string, z.ZodType>)[part];
    else if (schema instanceof z.ZodArray && typeof part === 'number') schema = schema.element as z.ZodType;
    else return undefined;
  }
  while (schema instanceof z.ZodOptional) schema = schema.unwrap() as z.ZodType;
  return schema;
}

export function fieldRules(path: readonly (string | number)[]): FieldRules {
  const schema = fieldSchema(path);
  if (!schema) return {};
  const hint = (schema.meta() as { hint?: unknown } | undefined)?.hint;
  const rules: FieldRules = typeof hint === 'string' ? { hint } : {};
  if (schema instanceof z.ZodNumber) {
    if (schema.minValue !== null && schema.minValue > Number.MIN_SAFE_INTEGER) rules.min = schema.minValue;
    if (schema.maxValue !== null && schema.maxValue < Number.MAX_SAFE_INTEGER) rules.max = schema.maxValue;
    rules.step = schema.isInt ? 1 : 'any';
  }
  return rules;
}
