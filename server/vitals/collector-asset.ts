import { join } from 'node:path';
import { COLLECTOR_PREFIX } from '../../lib/vitals/paths';
import { loadScriptAsset, type ScriptAsset } from '../script-asset';

/**
 * The field-data collector as the server serves it (../script-asset.ts): the script
 * server/build.mjs bundled (server-build/vitals-collector.js). A page's loader asks for it after the
 * page's `load` event (lib/vitals/loader.ts).
 */

export type CollectorAsset = ScriptAsset;

export const isCollectorRequest = (url: string | undefined): boolean => (url ?? '').startsWith(COLLECTOR_PREFIX);

/** The collector of the build in `root`, or null when there is none (the server then serves pages without it). */
export function loadCollector(root: string): CollectorAsset | null {
  return loadScriptAsset(join(root, 'server-build', 'vitals-collector.js'), COLLECTOR_PREFIX);
}
