import { CalculatorRoute, calculatorMetadata } from '@/components/calculators/calculator-route';

// Cached like every page; the server answers a query from it (lib/calculators/body/query-page.ts, ADR 040).
export const generateMetadata = () => calculatorMetadata('construction-interest');

export default function ConstructionInterestPage() {
  return <CalculatorRoute id="construction-interest" />;
}
