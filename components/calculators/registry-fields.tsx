import { CALCULATORS, type CalculatorId } from '@/lib/calculators/registry';
import { NumberField, SelectField, TextAreaField } from './fields';

/**
 * A calculator's inputs as the registry defines them (lib/calculators/registry.ts): labels, hints,
 * options, in order. Values are the page's starting values (uncontrolled fields), errors the
 * server's messages for the query it read.
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

/** The errors with the label of their field ('Term (years): Enter a whole number from 1 to 40.'). */
export function labelledErrors(id: CalculatorId, errors: Record<string, string>): Record<string, string> {
  const labelled: Record<string, string> = {};
  for (const input of CALCULATORS[id].inputs)
    if (errors[input.name]) labelled[input.name] = `${input.label}: ${errors[input.name]}`;
  return labelled;
}
