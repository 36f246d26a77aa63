/**
 * The places a US mortgage license is issued for: the fifty states, the District of Columbia and
 * the territories NMLS licenses in (Puerto Rico, Guam, the US Virgin Islands), by their USPS
 * codes. Plain data: the admin's form, the licenses page and (issue 31) the application's
 * property state and the routing by state all read this one list.
 */

export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'GU', name: 'Guam' },
  { code: 'VI', name: 'U.S. Virgin Islands' },
] as const;

export type StateCode = (typeof US_STATES)[number]['code'];

const NAMES: ReadonlyMap<string, string> = new Map(US_STATES.map((s) => [s.code, s.name]));

export function isStateCode(value: unknown): value is StateCode {
  return typeof value === 'string' && NAMES.has(value);
}

/** 'TX' → 'Texas'. */
export function stateName(code: StateCode): string {
  return NAMES.get(code)!;
}

/**
 * A code as a visitor or an address may write it (' tx ') in the list's form ('TX'); null when it
 * names no state. Never a name: "Virginia" inside "West Virginia" is the address parser's problem.
 */
export function toStateCode(value: string): StateCode | null {
  const code = value.trim().toUpperCase();
  return isStateCode(code) ? code : null;
}

/** The states ordered by name, as a choice list shows them (DC and the territories among them). */
export const STATES_BY_NAME = [...US_STATES].sort((a, b) => a.name.localeCompare(b.name, 'en'));
