import { parseAttribution, type Touch } from './touch';

/** The CSV export's attribution columns (lib/leads/admin/export.server.ts): each touch in full, first then last. */

const PARTS: { label: string; cell: (touch: Touch) => string | undefined }[] = [
  { label: 'source', cell: (t) => t.utm_source },
  { label: 'medium', cell: (t) => t.utm_medium },
  { label: 'campaign', cell: (t) => t.utm_campaign },
  { label: 'term', cell: (t) => t.utm_term },
  { label: 'content', cell: (t) => t.utm_content },
  {
    label: 'click ids',
    cell: (t) =>
      (['gclid', 'fbclid', 'msclkid'] as const)
        .filter((k) => t[k])
        .map((k) => `${k}=${t[k]}`)
        .join(' '),
  },
  { label: 'referrer', cell: (t) => t.referrer },
  { label: 'landing page', cell: (t) => t.landing },
  { label: 'at (UTC)', cell: (t) => t.at },
];

export const ATTRIBUTION_CSV_COLUMNS = (['First touch', 'Last touch'] as const).flatMap((touch) =>
  PARTS.map((part) => `${touch} ${part.label}`),
);

/** The attribution columns of a lead from its stored JSON (empty cells when not recorded). */
export function attributionCsvCells(json: string): string[] {
  const { first, last } = parseAttribution(json);
  return [first, last].flatMap((touch) => PARTS.map((part) => (touch ? (part.cell(touch) ?? '') : '')));
}
