import { describe, expect, it } from 'vitest';
import { FIXED_MILESTONES } from './milestones';
import {
  allNeedTemplates,
  changedCount,
  MAX_NOTE,
  milestoneField,
  needField,
  storedOverridesSchema,
  templatesFormSchema,
} from './template-overrides';

/** The form as the page first shows it: the code's wording, every template asked for. */
function defaults(): Record<string, string | undefined> {
  return Object.fromEntries([
    ...allNeedTemplates().flatMap((t) => [
      [needField(t.key, 'label'), t.label],
      [needField(t.key, 'note'), t.note],
      [needField(t.key, 'on'), 'on'],
    ]),
    ...FIXED_MILESTONES.flatMap((m) => [
      [milestoneField(m.key, 'label'), m.label],
      [milestoneField(m.key, 'description'), m.description],
    ]),
  ]);
}

describe('templatesFormSchema', () => {
  it('keeps nothing when the form is as the code has it', () => {
    expect(templatesFormSchema.parse(defaults())).toEqual({ needs: {}, milestones: {} });
  });

  it('keeps only what differs: a template unticked, a label trimmed and changed, a stage renamed', () => {
    const overrides = templatesFormSchema.parse({
      ...defaults(),
      [needField('builder-w9', 'on')]: undefined,
      [needField('photo-id', 'label')]: '  Government photo ID ',
      [milestoneField('approved', 'label')]: 'Clear to close',
    });
    expect(overrides.needs).toEqual({
      'builder-w9': { label: "Builder's W-9", note: "The builder's completed and signed IRS form W-9.", off: true },
      'photo-id': { label: 'Government photo ID', note: expect.any(String), off: false },
    });
    expect(overrides.milestones).toEqual({ approved: { label: 'Clear to close', description: 'Your loan is approved.' } });
    expect(changedCount(overrides)).toBe(3);
    expect(storedOverridesSchema.parse(JSON.parse(JSON.stringify(overrides)))).toEqual(overrides);
  });

  it('refuses an empty label, a label over 120 characters and a note over 500, naming the field', () => {
    const result = templatesFormSchema.safeParse({
      ...defaults(),
      [needField('photo-id', 'label')]: '   ',
      [milestoneField('closed', 'label')]: 'x'.repeat(121),
      [needField('pay-stubs', 'note')]: 'x'.repeat(MAX_NOTE + 1),
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([needField('photo-id', 'label'), milestoneField('closed', 'label'), needField('pay-stubs', 'note')]),
    );
  });

  it('refuses a form without a template’s fields', () => {
    const { [needField('photo-id', 'label')]: _gone, ...rest } = defaults();
    expect(templatesFormSchema.safeParse(rest).success).toBe(false);
  });
});
