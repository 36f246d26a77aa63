import { CalculatorRoute, calculatorMetadata } from '@/components/calculators/calculator-route';
import type { QueryInput } from '@/lib/calculators/registry';

// The page is its query's answer, so it is rendered per request, the whole page at once (no
// <Suspense>: a streamed boundary would show its fallback to a browser without JavaScript). The
// server's pipeline still defers Next's scripts (DEFERRED_BOOT_ROUTES) and keeps it private (ADR 025).
export const instant = false;

export const generateMetadata = () => calculatorMetadata('construction-interest');

export default function ConstructionInterestPage({ searchParams }: { searchParams: Promise<QueryInput> }) {
  return <CalculatorRoute id="construction-interest" searchParams={searchParams} />;
}
