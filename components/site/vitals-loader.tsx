import { collectorUrl } from '@/lib/vitals/collector-url';
import { collectorLoader } from '@/lib/vitals/loader';

/**
 * Field data (real visitors' Web Vitals): an inline script that loads the collector after the
 * page's `load` event (lib/vitals/loader.ts). Not one of Next's scripts, so the deferred boot
 * (ADR 009) leaves it in place, on /apply too. Nothing is rendered until the server has
 * published the collector's URL (lib/vitals/collector-url.ts).
 */
export function VitalsLoader() {
  const src = collectorUrl();
  return src ? <script dangerouslySetInnerHTML={{ __html: collectorLoader(src) }} /> : null;
}
