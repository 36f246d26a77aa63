import type { CalculatorId } from '@/lib/calculators/registry';

/**
 * PLACEHOLDER for the result's two actions ('Email me this estimate', 'Apply with these numbers'),
 * built on the calc-leads branch as components/calculators/estimate-actions.tsx with the props
 * `{ calculator, values }`. INTEGRATOR: replace this file's body with
 *   export { EstimateActions } from './estimate-actions';
 * Every calculator renders it inside its client part with the live values, so the component must
 * be a client component (or plain markup) that takes the values as props.
 */
export function EstimateActions({ calculator }: { calculator: CalculatorId; values: Record<string, string> }) {
  return <div data-estimate-actions={calculator} hidden />;
}
