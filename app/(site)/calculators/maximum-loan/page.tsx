import { CalculatorRoute, calculatorMetadata } from '@/components/calculators/calculator-route';

// Cached like every page; the server answers a query from it (lib/calculators/body/query-page.ts, ADR 040).
export const generateMetadata = () => calculatorMetadata('maximum-loan');

export default function MaximumLoanPage() {
  return <CalculatorRoute id="maximum-loan" />;
}
