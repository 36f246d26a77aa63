import { labelClass } from '../../ui/form-classes';
import { h, type Child, type MarkupNode } from '../markup/node';
import { CALCULATORS, type CalculatorId, type InputDef } from '../registry';

/**
 * A calculator's inputs as the registry defines them (../registry.ts): labels, hints, options, in
 * order, holding the values the server read and its messages for them. Markup the server writes
 * into the page (../markup/html.ts), never React: the fields keep whatever the visitor types, and
 * the live script reads them as a plain form.
 */

// The lead forms' look, without their top margin (the calculator puts a prefix row there) and
// with figures in columns.
const inputClass =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 tabular-nums focus:border-brand-700 focus:outline-2 focus:outline-brand-700 aria-invalid:border-red-700';

const ids = (name: string) => ({ id: `calc-${name}`, hint: `calc-${name}-hint`, error: `calc-${name}-error` });

interface Field {
  input: InputDef;
  value: string;
  error: string | undefined;
}

const describedBy = ({ input, error }: Field) =>
  [input.hint ? ids(input.name).hint : '', error ? ids(input.name).error : ''].filter(Boolean).join(' ') || null;

/** The attributes every control shares: its name, its value's state and what describes it. */
const controlAttributes = (field: Field) => ({
  id: ids(field.input.name).id,
  name: field.input.name,
  'aria-invalid': field.error ? 'true' : null,
  'aria-describedby': describedBy(field),
});

function help({ input, error }: Field): Child[] {
  const id = ids(input.name);
  return [
    input.hint ? h('p', { id: id.hint, class: 'mt-1 text-xs text-slate-600' }, input.hint) : null,
    error ? h('p', { id: id.error, class: 'mt-1 text-sm font-medium text-red-800' }, error) : null,
  ];
}

const label = (input: InputDef) => h('label', { for: ids(input.name).id, class: labelClass }, input.label);

/** A decimal number (amount, rate, months): text with a numeric keyboard, so '7.5' and '400,000' both type. */
function numberField(field: Field): MarkupNode {
  return h(
    'div',
    null,
    label(field.input),
    h(
      'div',
      { class: 'mt-1 flex items-center gap-2' },
      h('input', {
        ...controlAttributes(field),
        type: 'text',
        inputmode: field.input.kind === 'count' ? 'numeric' : 'decimal',
        autocomplete: 'off',
        value: field.value,
        class: inputClass,
      }),
    ),
    help(field),
  );
}

/** One of a few options (the draw schedule, the land). */
function selectField(field: Field): MarkupNode {
  const options = field.input.options ?? [];
  return h(
    'div',
    null,
    label(field.input),
    h(
      'select',
      { ...controlAttributes(field), class: `mt-1 ${inputClass}` },
      options.map((option) => h('option', { value: option.value, selected: option.value === field.value }, option.label)),
    ),
    help(field),
  );
}

/** Free text (a list of custom draws). */
function textAreaField(field: Field): MarkupNode {
  // The HTML parser drops a textarea's first newline: a value that starts with one is given another.
  const text = field.value.startsWith('\n') ? `\n${field.value}` : field.value;
  return h(
    'div',
    null,
    label(field.input),
    h('textarea', { ...controlAttributes(field), rows: 2, class: `mt-1 ${inputClass}` }, text),
    help(field),
  );
}

/** The calculator's fields, with `values` (the page's starting values) and the server's `errors`. */
export function registryFields(id: CalculatorId, values: Record<string, string>, errors: Record<string, string>): MarkupNode[] {
  return CALCULATORS[id].inputs.map((input) => {
    const field = { input, value: values[input.name] ?? '', error: errors[input.name] };
    if (input.kind === 'choice') return selectField(field);
    if (input.kind === 'draws') return textAreaField(field);
    return numberField(field);
  });
}
