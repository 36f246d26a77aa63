import { describe, expect, it } from 'vitest';
import { ownProfileSchema, profileSchema, PROFILE_LIMITS } from './schema';
import { isOfficerSlug, numberedSlug, slugFromName, SLUG_MAX } from './slug';

const valid = {
  displayName: ' Jane Doe ',
  slug: '',
  title: 'Senior Loan Officer',
  nmlsId: ' 123456 ',
  states: ['tx', 'ID', 'TX'],
  languages: ['English', 'Spanish'],
  otherLanguages: 'Tagalog, spanish, ',
  phone: '(208) 555-0142 ext. 12',
  bio: 'First.\r\n\r\nSecond.\r\n',
  published: 'on',
};

const errorsOf = (schema: typeof ownProfileSchema | typeof profileSchema, input: object) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('a profile as the owner or the officer enters it', () => {
  it('is stored trimmed: states as sorted codes once each, languages once each, plain line breaks', () => {
    expect(ownProfileSchema.parse(valid)).toEqual({
      displayName: 'Jane Doe',
      slug: '',
      title: 'Senior Loan Officer',
      nmlsId: '123456',
      states: ['ID', 'TX'],
      languages: ['English', 'Spanish', 'Tagalog'],
      phone: '(208) 555-0142 ext. 12',
      bio: 'First.\n\nSecond.',
      published: true,
    });
  });

  it('takes one ticked box as a list, and no box as none; an unticked checkbox is false', () => {
    const { states: _s, languages: _l, otherLanguages: _o, published: _p, ...rest } = valid;
    expect(ownProfileSchema.parse({ ...rest, states: 'OR' })).toMatchObject({ states: ['OR'], languages: [], published: false });
  });

  it('refuses an NMLS ID that is not 1 to 12 digits', () => {
    for (const nmlsId of ['', 'NMLS 123', '1234567890123', '12 34', '-1'])
      expect(errorsOf(ownProfileSchema, { ...valid, nmlsId }).nmlsId, nmlsId).toMatch(/1 to 12 digits|Enter the NMLS ID/);
    expect(errorsOf(ownProfileSchema, { ...valid, nmlsId: '123456789012' })).toEqual({});
  });

  it('refuses a state that is no code of the list, a bad address, a phone without enough digits', () => {
    expect(errorsOf(ownProfileSchema, { ...valid, states: ['TX', 'ZZ'] }).states).toBe('Choose states from the list.');
    expect(errorsOf(ownProfileSchema, { ...valid, slug: 'Jane Doe' }).slug).toMatch(/lower case letters/);
    expect(errorsOf(ownProfileSchema, { ...valid, slug: 'jane--doe' }).slug).toMatch(/lower case letters/);
    expect(ownProfileSchema.parse({ ...valid, slug: 'JANE-DOE' }).slug).toBe('jane-doe');
    expect(errorsOf(ownProfileSchema, { ...valid, phone: '555' }).phone).toMatch(/phone number/);
    expect(errorsOf(ownProfileSchema, { ...valid, phone: 'call me' }).phone).toMatch(/phone number/);
    expect(ownProfileSchema.parse({ ...valid, phone: '' }).phone).toBe('');
  });

  it('bounds the name, the bio and the languages', () => {
    expect(errorsOf(ownProfileSchema, { ...valid, displayName: '  ' }).displayName).toBe('Name is required.');
    expect(errorsOf(ownProfileSchema, { ...valid, displayName: 'Jane\tDoe' }).displayName).toMatch(/one line/);
    expect(errorsOf(ownProfileSchema, { ...valid, bio: 'x'.repeat(PROFILE_LIMITS.bio + 1) }).bio).toMatch(/at most 2,000/);
    expect(errorsOf(ownProfileSchema, { ...valid, otherLanguages: 'Klingon!' }).otherLanguages).toMatch(/in words/);
    const many = Array.from({ length: 11 }, (_, i) => `Language${'abcdefghijk'[i]}`).join(', ');
    expect(errorsOf(ownProfileSchema, { ...valid, languages: [], otherLanguages: many }).otherLanguages).toBe(
      'List at most 10 languages.',
    );
  });

  it('leaves "away" and the photo to the owner’s form', () => {
    const own = ownProfileSchema.parse({ ...valid, away: 'on', photoMediaId: 'f'.repeat(32), accountId: 'someone' });
    expect(own).not.toHaveProperty('away');
    expect(own).not.toHaveProperty('photoMediaId');
    expect(own).not.toHaveProperty('accountId');
    const owner = profileSchema.parse({ ...valid, accountId: 'u1', away: 'on', photoMediaId: '0'.repeat(32) });
    expect(owner).toMatchObject({ accountId: 'u1', away: true, photoMediaId: '0'.repeat(32), states: ['ID', 'TX'] });
    expect(profileSchema.parse({ ...valid, accountId: 'u1' })).toMatchObject({ away: false, photoMediaId: null });
    expect(errorsOf(profileSchema, { ...valid, accountId: 'u1', photoMediaId: '../x' }).photoMediaId).toMatch(/photo/);
    expect(errorsOf(profileSchema, valid).accountId).toBeDefined();
  });
});

describe('a profile’s address', () => {
  it('is made from the name: ASCII words joined by hyphens', () => {
    expect(slugFromName('José Núñez-Smith')).toBe('jose-nunez-smith');
    expect(slugFromName('  Ann & Bo O’Neil ')).toBe('ann-and-bo-o-neil');
    expect(slugFromName('李小龍')).toBe('officer');
    expect(slugFromName('x'.repeat(200))).toHaveLength(SLUG_MAX);
  });

  it('is numbered past those taken, still within the column', () => {
    expect(numberedSlug('jane-doe', 1)).toBe('jane-doe');
    expect(numberedSlug('jane-doe', 2)).toBe('jane-doe-2');
    const long = `${'a'.repeat(78)}-b`;
    expect(numberedSlug(long, 12)).toBe(`${'a'.repeat(77)}-12`);
    expect(numberedSlug(long, 12).length).toBeLessThanOrEqual(SLUG_MAX);
  });

  it('is lower case words and single hyphens only', () => {
    for (const ok of ['jane', 'jane-doe', 'j2-d3']) expect(isOfficerSlug(ok), ok).toBe(true);
    for (const bad of ['', '-jane', 'jane-', 'Jane', 'jane_doe', 'jane/doe', '_', 'a'.repeat(81)])
      expect(isOfficerSlug(bad), bad).toBe(false);
  });
});
