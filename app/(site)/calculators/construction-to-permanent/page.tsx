import { CalculatorRoute, calculatorMetadata } from '@/components/calculators/calculator-route';
import type { QueryInput } from '@/lib/calculators/registry';

// Rendered per request from the query, whole (see ../construction-interest/page.tsx, ADR 025).
export const instant = false;

export const generateMetadata = () => calculatorMetadata('construction-to-permanent');

export default function ConstructionToPermanentPage({ searchParams }: { searchParams: Promise<QueryInput> }) {
  return <CalculatorRoute id="construction-to-permanent" searchParams={searchParams} />;
}
