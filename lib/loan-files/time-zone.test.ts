import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, localClock, stateOfAddress, timeZoneOfAddress } from './time-zone';

describe('the borrower’s time zone from the property address', () => {
  it.each([
    ['12 Oak Lane, Boise, ID 83702', 'ID', 'America/Boise'],
    ['500 Congress Ave, Austin, TX 78701', 'TX', 'America/Chicago'],
    ['9 Pine Rd, Bend, Oregon', 'OR', 'America/Los_Angeles'],
    ['1 Elm St, Charleston, West Virginia 25301', 'WV', 'America/New_York'],
    ['1 Elm St, Richmond, virginia', 'VA', 'America/New_York'],
    ['40 K St NE, Washington, DC 20002', 'DC', 'America/New_York'],
    ['1 Washington St, Phoenix, AZ 85004', 'AZ', 'America/Phoenix'],
    ['77 Kalakaua Ave, Honolulu, HI 96815', 'HI', 'Pacific/Honolulu'],
  ])('%s is in %s', (address, state, zone) => {
    expect(stateOfAddress(address)).toBe(state);
    expect(timeZoneOfAddress(address)).toBe(zone);
  });

  it('takes no ordinary word for a state', () => {
    expect(stateOfAddress('Lot 4, on the hill in town')).toBeNull();
    expect(stateOfAddress('Kansasville Road 4')).toBeNull();
  });

  it('falls back to the broker’s zone, or the one given, when the address names no state', () => {
    expect(timeZoneOfAddress('')).toBe(DEFAULT_TIME_ZONE);
    expect(timeZoneOfAddress('Lot 7, Cedar Hills', 'America/Denver')).toBe('America/Denver');
  });
});

describe('the local clock', () => {
  it('gives the day and hour in the zone, across midnight and daylight saving', () => {
    expect(localClock(new Date('2026-11-22T04:30:00Z'), 'America/Boise')).toEqual({ day: '2026-11-21', hour: 21 });
    expect(localClock(new Date('2026-07-01T04:30:00Z'), 'America/Boise')).toEqual({ day: '2026-06-30', hour: 22 });
    expect(localClock(new Date('2026-11-22T00:00:00Z'), 'UTC')).toEqual({ day: '2026-11-22', hour: 0 });
  });
});
