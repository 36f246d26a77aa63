import { CalculatorRoute, calculatorMetadata } from '@/components/calculators/calculator-route';
import type { QueryInput } from '@/lib/calculators/registry';

// Rendered per request from the query, whole (see ../construction-interest/page.tsx, ADR 024).
export const instant = false;

export const generateMetadata = () => calculatorMetadata('debt-to-income');

/** `?payment=` prefills the proposed payment: the payment calculator links here with its result. */
export default function DebtToIncomePage({ searchParams }: { searchParams: Promise<QueryInput> }) {
  return <CalculatorRoute id="debt-to-income" searchParams={searchParams} />;
}
