import { processSingleton } from '../runtime/process-singleton';

/**
 * The collector script's URL, which names its content hash. The server learns it when it loads the
 * script at start-up (server/vitals/collector-asset.ts) and publishes it here; the public layout
 * reads it to render the loader (components/site/vitals-loader.tsx). Until it is published (Next's
 * build-time prerender, which the server expires at start-up anyway) pages render no loader.
 */
const published = () => processSingleton('vitals.collectorUrl', () => ({ url: null as string | null }));

export function publishCollectorUrl(url: string | null): void {
  published().url = url;
}

export function collectorUrl(): string | null {
  return published().url;
}
