import { processSingleton } from '../../runtime/process-singleton';
import type { CalculatorId } from '../registry';

/**
 * Each calculator's live script URL, which names its content hash. The server learns them when it
 * loads the scripts at start-up (server/calculators/live-scripts.ts) and publishes them here; the
 * calculator pages read them to render the loader. A page rendered before (or without) them has
 * no live script: its GET form still computes on the server.
 */
const published = () =>
  processSingleton('calculators.liveScriptUrls', () => ({ urls: {} as Partial<Record<CalculatorId, string>> }));

export function publishLiveScriptUrls(urls: Partial<Record<CalculatorId, string>>): void {
  published().urls = urls;
}

export function liveScriptUrl(id: CalculatorId): string | null {
  return published().urls[id] ?? null;
}
