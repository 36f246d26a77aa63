/**
 * How a calculator's inputs are read from a query string or a form: the checks of each kind of
 * input, from the definitions alone. Split from ./registry.ts (which holds every calculator's
 * definitions and delegates here) so a calculator page's browser half gets only its own
 * definitions, as props, and this code: not the four calculators' texts.
 */

export type InputKind = 'money' | 'percent' | 'count' | 'choice' | 'draws';

export interface InputDef {
  name: string;
  label: string;
  kind: InputKind;
  /** Limits, as decimal strings (money in dollars, percent in percent); counts are whole numbers. */
  min?: string;
  max?: string;
  /** What the field asks for, under its label. */
  hint?: string;
  options?: readonly { value: string; label: string }[];
  /** The input is only used when another input has one of these values (e.g. draws when draw=custom). */
  onlyWhen?: { name: string; values: readonly string[] };
}

export type QueryInput = Record<string, string | string[] | undefined> | URLSearchParams;

export type ParsedQuery =
  | { ok: true; values: Record<string, string> }
  /** `values` then holds what the visitor typed where it was wrong, so the form shows it again. */
  | { ok: false; values: Record<string, string>; errors: Record<string, string> };

const MONEY_TEXT = /^\$?\s*[\d,]*(\.\d*)?$/;
const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const showMoney = (value: string) => `$${dollars.format(Number(value))}`;

function firstOf(query: QueryInput, name: string): string | undefined {
  if (query instanceof URLSearchParams) return query.get(name) ?? undefined;
  const value = query[name];
  return Array.isArray(value) ? value[0] : value;
}

/** '400000' → exact; a canonical decimal: no '$', commas, spaces or a lone trailing dot. */
export function canonicalMoney(text: string): string | null {
  const trimmed = text.trim();
  if (!MONEY_TEXT.test(trimmed)) return null;
  const plain = trimmed.replace(/[$,\s]/g, '').replace(/\.$/, '');
  if (plain === '' || !/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  return plain.replace(/^0+(?=\d)/, '');
}

function canonicalPercent(text: string): string | null {
  const plain = text.trim().replace(/\s*%$/, '');
  if (!/^\d+(\.\d{1,3})?$/.test(plain)) return null;
  return plain.replace(/^0+(?=\d)/, '');
}

const within = (value: string, def: InputDef) => {
  const n = Number(value);
  return (def.min === undefined || n >= Number(def.min)) && (def.max === undefined || n <= Number(def.max));
};

export type Checked = { value: string } | { error: string };

/** Readers of the input kinds a calculator has beyond the common ones. */
export interface InputCheckers {
  draws?: (text: string) => Checked;
}

function checkOne(def: InputDef, text: string, checkers: InputCheckers): Checked {
  switch (def.kind) {
    case 'money': {
      const value = canonicalMoney(text);
      if (value === null) return { error: 'Enter an amount in dollars, e.g. 400000.' };
      if (!within(value, def)) return { error: `Enter an amount from ${showMoney(def.min!)} to ${showMoney(def.max!)}.` };
      return { value };
    }
    case 'percent': {
      const value = canonicalPercent(text);
      if (value === null) return { error: 'Enter a percentage, e.g. 6.75.' };
      if (!within(value, def)) return { error: `Enter a percentage from ${def.min}% to ${def.max}%.` };
      return { value };
    }
    case 'count': {
      const value = text.trim();
      if (!/^\d{1,3}$/.test(value) || !within(value, def))
        return { error: `Enter a whole number from ${def.min} to ${def.max}.` };
      return { value: String(Number(value)) };
    }
    case 'choice': {
      const value = text.trim();
      if (!def.options?.some((o) => o.value === value)) return { error: 'Choose one of the options.' };
      return { value };
    }
    case 'draws':
      // Only the interest calculator has draws: their reading is its own (./query-draws.ts), so
      // the other calculators' scripts do not carry it.
      return checkers.draws!(text);
  }
}

const isUsed = (def: InputDef, values: Record<string, string>) =>
  !def.onlyWhen || def.onlyWhen.values.includes(values[def.onlyWhen.name] ?? '');

/**
 * Reads inputs from a query (or a form's fields): a missing or empty input takes its value in
 * `start` (the calculator's defaults), a bad one gets a clear message. Inputs that do not apply
 * (custom draws with even draws) are kept as typed but not checked.
 */
export function parseInputs(
  inputs: readonly InputDef[],
  start: Record<string, string>,
  query: QueryInput,
  checkers: InputCheckers = {},
): ParsedQuery {
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const input of inputs) values[input.name] = (firstOf(query, input.name) ?? '').slice(0, 2000);
  for (const input of inputs) {
    if (values[input.name]!.trim() === '') values[input.name] = start[input.name] ?? '';
    if (!isUsed(input, values)) continue;
    const checked = checkOne(input, values[input.name]!, checkers);
    if ('error' in checked) errors[input.name] = checked.error;
    else values[input.name] = checked.value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, values, errors };
  return { ok: true, values };
}

/** The query string of a result (every input, in order), for shareable links and the GET form. */
export function inputsQuery(inputs: readonly InputDef[], values: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const input of inputs) {
    const value = values[input.name];
    if (value !== undefined && value !== '' && isUsed(input, values)) params.set(input.name, value);
  }
  return params.toString();
}
