/**
 * The borrower's time zone, so that reminders never arrive at night (issue 30, point 8). A loan
 * file knows no zone, only the property's address, which is free text from the application: its
 * US state (a two-letter code or the name, the last one in the address) gives the state's main
 * zone. A state split between two zones gets the one most of its people live in; a wrong guess
 * moves a reminder by an hour, inside a window of eleven. No state found: the broker's own zone.
 */

export const DEFAULT_TIME_ZONE = 'America/New_York';

const STATES: Readonly<Record<string, readonly [name: string, zone: string]>> = {
  AL: ['Alabama', 'America/Chicago'],
  AK: ['Alaska', 'America/Anchorage'],
  AZ: ['Arizona', 'America/Phoenix'],
  AR: ['Arkansas', 'America/Chicago'],
  CA: ['California', 'America/Los_Angeles'],
  CO: ['Colorado', 'America/Denver'],
  CT: ['Connecticut', 'America/New_York'],
  DE: ['Delaware', 'America/New_York'],
  DC: ['District of Columbia', 'America/New_York'],
  FL: ['Florida', 'America/New_York'],
  GA: ['Georgia', 'America/New_York'],
  HI: ['Hawaii', 'Pacific/Honolulu'],
  ID: ['Idaho', 'America/Boise'],
  IL: ['Illinois', 'America/Chicago'],
  IN: ['Indiana', 'America/Indiana/Indianapolis'],
  IA: ['Iowa', 'America/Chicago'],
  KS: ['Kansas', 'America/Chicago'],
  KY: ['Kentucky', 'America/New_York'],
  LA: ['Louisiana', 'America/Chicago'],
  ME: ['Maine', 'America/New_York'],
  MD: ['Maryland', 'America/New_York'],
  MA: ['Massachusetts', 'America/New_York'],
  MI: ['Michigan', 'America/Detroit'],
  MN: ['Minnesota', 'America/Chicago'],
  MS: ['Mississippi', 'America/Chicago'],
  MO: ['Missouri', 'America/Chicago'],
  MT: ['Montana', 'America/Denver'],
  NE: ['Nebraska', 'America/Chicago'],
  NV: ['Nevada', 'America/Los_Angeles'],
  NH: ['New Hampshire', 'America/New_York'],
  NJ: ['New Jersey', 'America/New_York'],
  NM: ['New Mexico', 'America/Denver'],
  NY: ['New York', 'America/New_York'],
  NC: ['North Carolina', 'America/New_York'],
  ND: ['North Dakota', 'America/Chicago'],
  OH: ['Ohio', 'America/New_York'],
  OK: ['Oklahoma', 'America/Chicago'],
  OR: ['Oregon', 'America/Los_Angeles'],
  PA: ['Pennsylvania', 'America/New_York'],
  RI: ['Rhode Island', 'America/New_York'],
  SC: ['South Carolina', 'America/New_York'],
  SD: ['South Dakota', 'America/Chicago'],
  TN: ['Tennessee', 'America/Chicago'],
  TX: ['Texas', 'America/Chicago'],
  UT: ['Utah', 'America/Denver'],
  VT: ['Vermont', 'America/New_York'],
  VA: ['Virginia', 'America/New_York'],
  WA: ['Washington', 'America/Los_Angeles'],
  WV: ['West Virginia', 'America/New_York'],
  WI: ['Wisconsin', 'America/Chicago'],
  WY: ['Wyoming', 'America/Denver'],
  PR: ['Puerto Rico', 'America/Puerto_Rico'],
  GU: ['Guam', 'Pacific/Guam'],
  VI: ['Virgin Islands', 'America/St_Thomas'],
};

// Longest names first, so "West Virginia" is found before the "Virginia" inside it.
const NAMES = Object.entries(STATES)
  .map(([code, [name]]) => ({ code, name: name.toLowerCase() }))
  .sort((a, b) => b.name.length - a.name.length);

/**
 * The state in an address: the last two-letter code written in capitals as a word of its own
 * ("Boise, ID 83702"; "St" or "in" are no state), or the last state name, whichever comes later.
 */
export function stateOfAddress(address: string): string | null {
  const found: { at: number; code: string }[] = [];
  for (const match of address.matchAll(/(?<![A-Za-z])([A-Z]{2})(?![A-Za-z])/g))
    if (STATES[match[1]!]) found.push({ at: match.index, code: match[1]! });
  let rest = address.toLowerCase();
  for (const { code, name } of NAMES) {
    for (let at = rest.indexOf(name); at >= 0; at = rest.indexOf(name, at + 1)) {
      const bounded = !/[a-z]/.test(rest[at - 1] ?? '') && !/[a-z]/.test(rest[at + name.length] ?? '');
      if (bounded) found.push({ at, code });
    }
    // Blanked once found, so the "Virginia" of "West Virginia" is not found again.
    rest = rest.replaceAll(name, ' '.repeat(name.length));
  }
  return found.reduce<{ at: number; code: string } | null>((last, f) => (!last || f.at > last.at ? f : last), null)?.code ?? null;
}

/** The IANA time zone of the property's state, or `fallback` when the address names none. */
export function timeZoneOfAddress(address: string, fallback = DEFAULT_TIME_ZONE): string {
  const state = stateOfAddress(address);
  return state ? STATES[state]![1] : fallback;
}

/** The calendar day (YYYY-MM-DD) and the hour (0-23) it is at `at` in `zone`. */
export function localClock(at: Date, zone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}
