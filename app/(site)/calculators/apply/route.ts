import { applyLink } from '@/lib/calculators/apply-link';
import { isCalculatorId } from '@/lib/calculators/registry';

/**
 * 'Apply with these numbers' (lib/calculators/body/estimate-actions.ts) submits a calculator's
 * GET form here, with the figures in its fields and the calculator's id: the answer is a redirect
 * to /apply with the application's fields prefilled (lib/calculators/apply-link.ts). Worked out
 * on the server, so the calculator pages carry no script for it and it works without JavaScript.
 */
export function GET(request: Request): Response {
  const query = new URL(request.url).searchParams;
  const id = query.get('calculator');
  const location = isCalculatorId(id) ? applyLink(id, Object.fromEntries(query)) : '/apply';
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}
