import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { BUILT_CALCULATORS } from '../../lib/calculators/catalog';
import { LIVE_SCRIPT_PREFIX } from '../../lib/calculators/live/ids';
import type { CalculatorId } from '../../lib/calculators/registry';
import { loadScriptAsset, type ScriptAsset } from '../script-asset';

/**
 * The calculators' live scripts (lib/calculators/live/, ADR 039) as the server serves them, one per
 * calculator page, bundled by server/build.mjs into server-build/calculators/<id>.js.
 */
export interface LiveScripts {
  /** Each calculator's script URL, for its page's loader. */
  urls: Partial<Record<CalculatorId, string>>;
  /** Answers a request under LIVE_SCRIPT_PREFIX: the script, or 404. */
  serve(req: IncomingMessage, res: ServerResponse): void;
}

export const isLiveScriptRequest = (url: string | undefined): boolean => (url ?? '').startsWith(LIVE_SCRIPT_PREFIX);

/** The build's live scripts (those it has: a calculator without one computes on the server only). */
export function loadLiveScripts(root: string): LiveScripts {
  const assets = new Map<CalculatorId, ScriptAsset>();
  for (const id of BUILT_CALCULATORS) {
    const asset = loadScriptAsset(join(root, 'server-build', 'calculators', `${id}.js`), LIVE_SCRIPT_PREFIX);
    if (asset) assets.set(id, asset);
  }
  const byPath = new Map([...assets.values()].map((asset) => [asset.path, asset]));
  return {
    urls: Object.fromEntries([...assets].map(([id, asset]) => [id, asset.path])),
    serve(req, res) {
      const asset = byPath.get((req.url ?? '').split('?', 1)[0]!);
      if (asset) asset.serve(req, res);
      else res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Not found');
    },
  };
}
