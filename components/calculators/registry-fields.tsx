import { CALCULATORS, type CalculatorId } from '@/lib/calculators/registry';
import { NumberField, SelectField, TextAreaField } from './fields';

/**
 * A calculator's inputs as the registry defines them (lib/calculators/registry.ts): labels, hints,
 * options, in order. Values are the page's starting values (uncontrolled fields), errors the
 * server's messages for the query it read. Rendered by the server page and handed to the
 * calculator's client part as its form's children: the fields never change once rendered (React
 * leaves uncontrolled fields alone), so their labels and hints need not be in any script.
 */
export function RegistryFields({
  id,
  initial,
  errors,
}: {
  id: CalculatorId;
  initial: Record<string, string>;
  errors: Record<string, string>;
}) {
  return (
    <>
      {CALCULATORS[id].inputs.map((input) => {
        const common = {
          key: input.name,
          name: input.name,
          label: input.label,
          defaultValue: initial[input.name] ?? '',
          error: errors[input.name],
          hint: input.hint,
        };
        if (input.kind === 'choice') return <SelectField {...common} key={input.name} options={input.options ?? []} />;
        if (input.kind === 'draws') return <TextAreaField {...common} key={input.name} />;
        return <NumberField {...common} key={input.name} inputMode={input.kind === 'count' ? 'numeric' : 'decimal'} />;
      })}
    </>
  );
}
