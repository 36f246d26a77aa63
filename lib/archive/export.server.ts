import 'server-only';
import type { DB } from '../db/connect.server';
import type { ZipEntry } from '../http/zip-stream';
import { archivedPages, pagesChangedBy, type ArchivedPageRef } from './pages';
import { siteAsOf } from './site-as-of.server';
import { escapeHtml } from './snapshot-html';
import { SOURCE_LABELS } from './sources';
import type { ArchivedSite, ArchiveVersionRef } from './types';
import { liveVersionsAt, versionsBetween, versionsById } from './versions.server';

/**
 * The archive of a date range as ZIP entries (issue 31, point 5: "a ZIP of HTML snapshots plus
 * JSON"), produced as the ZIP streams: the site's pages as they were at the range's start, then
 * after each change within it the pages that change touched, each rendered by `render`; the
 * versions behind them as JSON (those live at the start and those made within the range, each
 * with its whole document); an index.html that lists every snapshot, and a README.
 */

export interface ArchiveRange {
  from: Date;
  to: Date;
}

/** A page to render as it was: the moment, its public path and the site then. */
export interface SnapshotRequest {
  at: string;
  path: string;
  site: ArchivedSite;
}

/** Renders one archived page as a whole HTML document. */
export type SnapshotRenderer = (request: SnapshotRequest) => Promise<string>;

export class ArchiveRangeError extends Error {
  override name = 'ArchiveRangeError';
}

const encoder = new TextEncoder();
const VERSION_BATCH = 100;

async function* text(value: string): AsyncGenerator<Uint8Array> {
  yield encoder.encode(value);
}

/** A moment as a folder name: no ':' (which Windows refuses in a name). */
export const momentFolder = (at: string) => `snapshots/${at.replace(/:/g, '-')}`;

/** A public path as a file in its moment's folder. */
export function pageFile(path: string): string {
  if (path === '/') return 'index.html';
  return `${path.slice(1)}.html`;
}

/** Checks a range and gives it as ISO times. */
export function rangeOf({ from, to }: ArchiveRange): { from: string; to: string } {
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw new ArchiveRangeError('Give a start and an end date.');
  if (from > to) throw new ArchiveRangeError('The start must not be after the end.');
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The moments whose pages go into the ZIP: the start, then each time a version went live. */
function moments(from: string, changes: readonly ArchiveVersionRef[]): { at: string; versions: ArchiveVersionRef[] | null }[] {
  const byMoment = new Map<string, ArchiveVersionRef[]>();
  for (const version of changes) byMoment.set(version.at, [...(byMoment.get(version.at) ?? []), version]);
  return [{ at: from, versions: null }, ...[...byMoment].map(([at, versions]) => ({ at, versions }))];
}

/** versions.json: an array of the versions with their documents, written a batch at a time. */
async function* versionsJson(db: DB, ids: readonly string[]): AsyncGenerator<Uint8Array> {
  yield encoder.encode('[');
  for (let start = 0; start < ids.length; start += VERSION_BATCH) {
    const rows = await versionsById(db, ids.slice(start, start + VERSION_BATCH));
    const items = rows.map(
      (row, index) =>
        `${start + index === 0 ? '' : ','}\n  {"id":${JSON.stringify(row.id)},"source":${JSON.stringify(row.source)},` +
        `"sourceId":${JSON.stringify(row.source_id)},"at":${JSON.stringify(row.at)},"hash":${JSON.stringify(row.hash)},` +
        // Stored as JSON: written as it is, not parsed and written again.
        `"document":${row.document}}`,
    );
    yield encoder.encode(items.join(''));
  }
  yield encoder.encode('\n]\n');
}

function readme(range: { from: string; to: string }, generatedAt: string): string {
  return [
    'Ad archive export (Regulation N, 12 CFR 1014.5)',
    '',
    `Range: ${range.from} to ${range.to} (UTC). Made ${generatedAt}.`,
    '',
    'index.html        every snapshot, by moment',
    'snapshots/<time>/  the public pages as they were from that moment: at the start of the range,',
    '                  then after each change, the pages that change touched',
    'versions.json     what the pages were made from: each source version live at the start of the',
    '                  range or made within it (content, rates, a post, the licenses, an officer),',
    '                  with the time it went live, a SHA-256 hash and its whole document',
    '',
    'The calculators are the release’s code; the content’s calculator settings and the rates they',
    'start from are in versions.json. E-mails, texts and ads placed outside the website are not in',
    'this archive.',
    '',
  ].join('\n');
}

function indexHtml(
  range: { from: string; to: string },
  written: { at: string; pages: ArchivedPageRef[]; changed: string }[],
): string {
  const rows = written
    .map(
      ({ at, pages, changed }) =>
        `<tr><td>${escapeHtml(at)}</td><td>${escapeHtml(changed)}</td><td>${pages
          .map((page) => `<a href="${escapeHtml(`${momentFolder(at)}/${pageFile(page.path)}`)}">${escapeHtml(page.path)}</a>`)
          .join(' ')}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Ad archive ${escapeHtml(range.from)} to ${escapeHtml(range.to)}</title></head>
<body><h1>Ad archive, ${escapeHtml(range.from)} to ${escapeHtml(range.to)} (UTC)</h1>
<table><thead><tr><th>As of</th><th>What changed</th><th>Pages</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>
`;
}

export async function* archiveExport(
  db: DB,
  range: ArchiveRange,
  render: SnapshotRenderer,
  now = new Date(),
): AsyncGenerator<ZipEntry> {
  const span = rangeOf(range);
  const modified = now;
  yield { name: 'README.txt', content: text(readme(span, now.toISOString())), modified };

  const live = await liveVersionsAt(db, span.from);
  const changes = await versionsBetween(db, span.from, span.to);
  yield {
    name: 'versions.json',
    content: versionsJson(db, [...live.map((row) => row.id), ...changes.map((v) => v.id)]),
    modified,
  };

  const written: { at: string; pages: ArchivedPageRef[]; changed: string }[] = [];
  for (const moment of moments(span.from, changes)) {
    const site = await siteAsOf(db, moment.at);
    const pages = moment.versions ? pagesChangedBy(moment.versions, site) : archivedPages(site);
    for (const page of pages) {
      const html = await render({ at: moment.at, path: page.path, site });
      yield { name: `${momentFolder(moment.at)}/${pageFile(page.path)}`, content: text(html), modified: new Date(moment.at) };
    }
    const changed = moment.versions
      ? [...new Set(moment.versions.map((v) => SOURCE_LABELS[v.source]))].join(', ')
      : 'Start of the range';
    written.push({ at: moment.at, pages, changed });
  }
  yield { name: 'index.html', content: text(indexHtml(span, written)), modified };
}
