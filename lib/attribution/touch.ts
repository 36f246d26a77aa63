/**
 * Where a lead came from (issue 18): the first and the last touch of the visitor's browser, as
 * recorded by the attribution cookie (./visit.ts) and stored with every lead (`leads.attribution`
 * as JSON, its sources and landing page as columns the Leads filter and the overview use). Read by
 * the admin, the CSV export and the webhook body; everything here parses untrusted input (the
 * cookie is the visitor's to change), so it keeps only known keys, cut to size.
 */

/** The query parameters a touch records: UTM tags and the ad networks' click ids. */
export const TOUCH_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'msclkid',
] as const;
export type TouchParam = (typeof TOUCH_PARAMS)[number];

/** One visit that told us something: its tags, the referring site's host, the page it landed on. */
export type Touch = Partial<Record<TouchParam, string>> & {
  /** The referring site's host name only (never its path, which may carry search terms). */
  referrer?: string;
  /** The path it landed on, without the query string. */
  landing: string;
  /** ISO time of the visit. */
  at: string;
};

export interface Attribution {
  first?: Touch;
  last?: Touch;
}

const VALUE_MAX = 200;
export const LANDING_MAX = 200;
/** The size of the `first_source` / `last_source` columns. */
const SOURCE_MAX = 100;

// Control characters would end up in CSV cells and e-mails.
const clean = (value: unknown, max = VALUE_MAX): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return text ? text.slice(0, max) : undefined;
};

/** A touch from anything (a stored lead's JSON, a cookie), or undefined when it is not one. */
export function parseTouch(value: unknown): Touch | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const landing = clean(record.landing, LANDING_MAX);
  const at = clean(record.at, 40);
  if (!landing || !landing.startsWith('/') || !at || Number.isNaN(Date.parse(at))) return undefined;
  const touch: Touch = { landing, at };
  for (const key of TOUCH_PARAMS) {
    const v = clean(record[key]);
    if (v) touch[key] = v;
  }
  const referrer = clean(record.referrer, 253)?.toLowerCase();
  if (referrer) touch.referrer = referrer;
  return touch;
}

/** The attribution in a stored lead's JSON (or a decoded cookie); `{}` for anything else. */
export function parseAttribution(json: unknown): Attribution {
  let value: unknown = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch {
      return {};
    }
  }
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  const first = parseTouch(record.first);
  const last = parseTouch(record.last);
  return { ...(first && { first }), ...(last && { last }) };
}

/** A touch's source, as the filter and the overview group by: its utm_source, else the referrer host, else 'direct'. */
export function touchSource(touch: Touch | undefined): string {
  return (touch?.utm_source ?? touch?.referrer ?? 'direct').toLowerCase().slice(0, SOURCE_MAX);
}

/** The `leads` columns of an attribution (a lead sent without the cookie is 'direct' both ways). */
export function attributionColumns(attribution: Attribution) {
  return {
    attribution: JSON.stringify(attribution),
    first_source: touchSource(attribution.first),
    last_source: touchSource(attribution.last ?? attribution.first),
    landing_page: attribution.first?.landing ?? '',
  };
}
