import { CalculatorRoute, calculatorMetadata } from '@/components/calculators/calculator-route';
import type { QueryInput } from '@/lib/calculators/registry';

// Rendered per request from the query, whole (see ../construction-interest/page.tsx, ADR 024).
export const instant = false;

export const generateMetadata = () => calculatorMetadata('maximum-loan');

export default function MaximumLoanPage({ searchParams }: { searchParams: Promise<QueryInput> }) {
  return <CalculatorRoute id="maximum-loan" searchParams={searchParams} />;
}
