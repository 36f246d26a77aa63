import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './server';

/**
 * Server Actions of the production build, found in Next's manifest
 * (.next/server/server-reference-manifest.json: keyed by action id, each with the file and export
 * it comes from and the pages, "workers", that host it), and called over HTTP as React calls
 * them, so a spec can check what an action answers a given session without clicking through a page.
 */

export interface ServerActionRef {
  id: string;
  filename: string;
  exportedName: string;
  /** The URL paths of the pages that host it (dynamic routes left out). */
  pages: string[];
  /** The dynamic pages that host it, each parameter given as `0` (a loan file's page for its forms). */
  dynamicPages: string[];
}

interface ManifestEntry {
  filename?: string;
  exportedName?: string;
  workers: Record<string, unknown>;
}

let cached: ServerActionRef[] | undefined;

/**
 * 'app/(admin)/admin/(dashboard)/rates/page' -> '/admin/rates'; null for a route handler or a
 * dynamic route (with `dynamic`: only for a dynamic route, its parameters given as `0`).
 */
export function pagePath(worker: string, { dynamic = false } = {}): string | null {
  if (!worker.startsWith('app/') || !worker.endsWith('/page') || worker.includes('[') !== dynamic) return null;
  const segments = worker
    .slice('app/'.length, -'/page'.length)
    .split('/')
    .filter((segment) => segment !== '' && !/^\(.*\)$/.test(segment))
    .map((segment) => (/^\[.*\]$/.test(segment) ? '0' : segment));
  return `/${segments.join('/')}`;
}

/** Every Server Action the build holds ('use cache' functions, which the manifest lists too, left out). */
export function serverActions(): ServerActionRef[] {
  cached ??= Object.entries(
    (
      JSON.parse(readFileSync(join(root, '.next/server/server-reference-manifest.json'), 'utf8')) as {
        node: Record<string, ManifestEntry>;
      }
    ).node,
  ).flatMap(([id, entry]) =>
    entry.filename && entry.exportedName && !entry.exportedName.startsWith('$$')
      ? [
          {
            id,
            filename: entry.filename,
            exportedName: entry.exportedName,
            pages: Object.keys(entry.workers).flatMap((worker) => pagePath(worker) ?? []),
            dynamicPages: Object.keys(entry.workers).flatMap((worker) => pagePath(worker, { dynamic: true }) ?? []),
          },
        ]
      : [],
  );
  return cached;
}

/** The actions a file exports, e.g. serverActionsOf('lib/rates/actions/rates.ts'). */
export function serverActionsOf(filename: string): ServerActionRef[] {
  const found = serverActions().filter((action) => action.filename === filename);
  if (found.length === 0) throw new Error(`no Server Actions from ${filename} in the build`);
  return found;
}

/** One action by its file and export name. */
export function serverAction(filename: string, exportedName: string): ServerActionRef {
  const found = serverActionsOf(filename).find((action) => action.exportedName === exportedName);
  if (!found) throw new Error(`no Server Action ${exportedName} from ${filename} in the build`);
  return found;
}

/**
 * Calls an action as React does: a POST to a page hosting it, the id in `Next-Action`, the
 * arguments as a JSON array. Next answers 403 when the action calls forbidden().
 */
export async function callServerAction(
  url: string,
  action: ServerActionRef,
  args: unknown[],
  options: { cookie?: string; page?: string } = {},
): Promise<Response> {
  const page = options.page ?? action.pages[0];
  if (!page) throw new Error(`${action.exportedName} is hosted by no static page`);
  return fetch(`${url}${page}`, {
    method: 'POST',
    headers: {
      Origin: url,
      Accept: 'text/x-component',
      'Next-Action': action.id,
      'Content-Type': 'text/plain;charset=UTF-8',
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
    body: JSON.stringify(args),
    redirect: 'manual',
  });
}
