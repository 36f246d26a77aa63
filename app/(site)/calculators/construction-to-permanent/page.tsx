import { CalculatorRoute, calculatorMetadata } from '@/components/calculators/calculator-route';

// Cached like every page; the server answers a query from it (lib/calculators/body/query-page.ts, ADR 040).
export const generateMetadata = () => calculatorMetadata('construction-to-permanent');

export default function ConstructionToPermanentPage() {
  return <CalculatorRoute id="construction-to-permanent" />;
}
