import { describe, expect, it } from 'vitest';
import { LICENSE_LIMITS, licenseInputSchema } from './schema';
import { isStateCode, stateName, STATES_BY_NAME, toStateCode, US_STATES } from './us-states';

const valid = {
  state: 'tx',
  type: ' Mortgage Broker License ',
  number: '123456',
  regulatorName: 'Texas Department of Savings and Mortgage Lending',
  regulatorUrl: 'https://www.sml.texas.gov',
  notice: 'FIRST.\r\n\r\nSECOND.\r\n',
};

const errorsOf = (input: object) => {
  const parsed = licenseInputSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('a license as the owner enters it', () => {
  it('is stored trimmed: the state as its code, the address normalized, the notice with plain line breaks', () => {
    expect(licenseInputSchema.parse(valid)).toEqual({
      state: 'TX',
      type: 'Mortgage Broker License',
      number: '123456',
      regulatorName: 'Texas Department of Savings and Mortgage Lending',
      regulatorUrl: 'https://www.sml.texas.gov/',
      notice: 'FIRST.\n\nSECOND.',
    });
    // The optional fields may be empty or absent.
    const { regulatorUrl: _url, notice: _notice, ...required } = valid;
    expect(licenseInputSchema.parse(required)).toMatchObject({ regulatorUrl: null, notice: '' });
    expect(licenseInputSchema.parse({ ...valid, regulatorUrl: ' ' })).toMatchObject({ regulatorUrl: null });
  });

  it('needs a state of the list, a type, a number and a regulator, each within its bounds', () => {
    expect(errorsOf({ ...valid, state: 'XX' })).toEqual({ state: 'Choose the state that issued the license.' });
    expect(errorsOf({ ...valid, state: 'Texas' })).toHaveProperty('state');
    expect(errorsOf({ ...valid, number: '   ' })).toEqual({ number: 'License number is required.' });
    expect(errorsOf({ ...valid, type: 'x'.repeat(LICENSE_LIMITS.type + 1) })).toEqual({
      type: 'License type is at most 100 characters.',
    });
    expect(errorsOf({ ...valid, number: '12\n34' })).toEqual({ number: 'License number must be one line of text.' });
    expect(errorsOf({ ...valid, regulatorName: '' })).toEqual({ regulatorName: 'Regulator is required.' });
    expect(errorsOf({ ...valid, notice: 'x'.repeat(LICENSE_LIMITS.notice + 1) })).toHaveProperty('notice');
    expect(errorsOf({ state: 'TX' })).toEqual({
      type: 'License type is required.',
      number: 'License number is required.',
      regulatorName: 'Regulator is required.',
    });
  });

  it('links only to an https address without credentials', () => {
    for (const url of [
      'http://www.sml.texas.gov/',
      'javascript:alert(1)',
      'https://user:pw@sml.texas.gov/',
      'sml.texas.gov',
      'https://localhost/',
    ])
      expect(errorsOf({ ...valid, regulatorUrl: url }), url).toHaveProperty('regulatorUrl');
    expect(errorsOf({ ...valid, regulatorUrl: `https://example.gov/${'a'.repeat(LICENSE_LIMITS.regulatorUrl)}` })).toHaveProperty(
      'regulatorUrl',
    );
  });
});

describe('the states list', () => {
  it('has the fifty states, DC, Puerto Rico, Guam and the Virgin Islands, each code once', () => {
    expect(US_STATES).toHaveLength(54);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(54);
    expect(STATES_BY_NAME).toHaveLength(54);
    expect(STATES_BY_NAME[0]!.name).toBe('Alabama');
    expect(stateName('TX')).toBe('Texas');
    expect(isStateCode('DC')).toBe(true);
    expect(isStateCode('tx')).toBe(false);
    expect(toStateCode(' tx ')).toBe('TX');
    expect(toStateCode('Texas')).toBeNull();
  });
});
