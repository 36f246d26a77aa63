import { describe, expect, it } from 'vitest';
import { attributionCookieNotice, defaultAutoReply, defaultContent } from './defaults';
import { CONTENT_VERSION, ContentValidationError, ContentVersionError, readContentDocument, upgradeContent } from './document';
import { contentSchema } from './schema';

describe('content defaults', () => {
  it('round-trip through the schema and JSON unchanged', () => {
    expect(contentSchema.parse(defaultContent)).toEqual(defaultContent);
    expect(readContentDocument(CONTENT_VERSION, JSON.stringify(defaultContent))).toEqual(defaultContent);
  });

  it("reproduce the spec's texts and figures", () => {
    const c = defaultContent;
    expect(c.hero.primaryButton).toBe('Start Qualification');
    expect(c.hero.secondaryButton).toBe('Get Free Consultation');
    expect(c.hero.features).toEqual(['Free Service', '50% Max DTI', 'Quick Approval']);
    expect(c.hero.badge).toBe('40 Years Experience');
    expect(c.stats.items.map((s) => s.value)).toEqual(['40+', '5000+', '50%', '24hr']);
    expect(c.process.title).toBe('Simple 4-Step Process');
    expect(c.process.steps.map((s) => s.title)).toEqual([
      'Complete Questionnaire',
      'Qualification Review',
      'Document Preparation',
      'Lender Submission',
    ]);
    expect(c.process.buttonText).toBe('Start Your Qualification Now');
    expect(c.loanTypes.loans.map((l) => l.icon)).toEqual(['Home', 'Wrench', 'User', 'Map']);
    expect(c.pricing.freePlan.title).toBe('Free Consultation Plan');
    const [standard, jumbo] = c.pricing.plans;
    expect(standard).toMatchObject({ id: 'standard', name: 'Standard Plan', price: '$495', highlight: false });
    expect(standard?.description).toContain('under $1M');
    expect(standard?.features.map((f) => f.text)).toEqual(['Lender submission', 'Guaranteed approval', 'Priority support']);
    expect(jumbo).toMatchObject({ id: 'jumbo', name: 'Jumbo Plan', price: '$995', highlight: true });
    expect(jumbo?.description).toContain('over $1M');
    expect(c.cta.callButton).toBe('Call Us');
    expect(c.hero.subtitle).toContain('up to 95% financing');
    expect(c.company.nmlsId).toMatch(/^\d+$/);
    expect(c.company.equalHousingStatement).toMatch(/^Equal Housing Opportunity/);
  });
});

describe('content schema', () => {
  it('enforces a testimonial rating from 1 to 5', () => {
    const withRating = (rating: number) => ({
      ...defaultContent,
      testimonials: { ...defaultContent.testimonials, reviews: [{ ...defaultContent.testimonials.reviews[0]!, rating }] },
    });
    expect(contentSchema.safeParse(withRating(5)).success).toBe(true);
    expect(contentSchema.safeParse(withRating(0)).success).toBe(false);
    expect(contentSchema.safeParse(withRating(6)).success).toBe(false);
    expect(contentSchema.safeParse(withRating(4.5)).success).toBe(false);
  });

  it('rejects an empty required title and an unknown icon', () => {
    expect(contentSchema.safeParse({ ...defaultContent, header: { ...defaultContent.header, title: '  ' } }).success).toBe(false);
    const loans = [{ ...defaultContent.loanTypes.loans[0]!, icon: 'Rocket' }];
    expect(contentSchema.safeParse({ ...defaultContent, loanTypes: { ...defaultContent.loanTypes, loans } }).success).toBe(false);
  });
});

describe('content document versions', () => {
  it('refuses a document from a newer release with a clear error', () => {
    expect(() => readContentDocument(CONTENT_VERSION + 1, JSON.stringify(defaultContent))).toThrow(ContentVersionError);
    expect(() => readContentDocument(99, '{}')).toThrow(
      `Site content is stored as version 99, but this release understands versions 1 to ${CONTENT_VERSION}.`,
    );
    expect(() => readContentDocument(0, '{}')).toThrow(ContentVersionError);
  });

  it('upgrades an older document one step at a time', () => {
    const upgrades = {
      1: (d: unknown) => ({ ...(d as object), two: true }),
      2: (d: unknown) => ({ ...(d as object), three: true }),
    };
    expect(upgradeContent(1, { one: true }, upgrades, 3)).toEqual({ one: true, two: true, three: true });
    expect(upgradeContent(2, { one: true }, upgrades, 3)).toEqual({ one: true, three: true });
  });

  it('gives a version-1 document the default representative example, keeping every other text', () => {
    const { example: _example, ...ratesPage } = defaultContent.rates;
    const v1 = { ...defaultContent, rates: { ...ratesPage, title: 'Our rates' } };
    expect(readContentDocument(1, JSON.stringify(v1))).toEqual({
      ...defaultContent,
      rates: { ...defaultContent.rates, title: 'Our rates' },
    });
  });

  it('gives a version-2 document the auto-reply and the privacy notice of the attribution cookie, keeping every other text', () => {
    const { autoReply: _autoReply, ...rest } = defaultContent;
    const sections = defaultContent.legal.privacy.sections.filter((s) => s.heading !== attributionCookieNotice.heading);
    const edited = [{ heading: 'What we collect', body: 'Your name.' }, ...sections.slice(1)];
    const v2 = { ...rest, legal: { ...defaultContent.legal, privacy: { ...defaultContent.legal.privacy, sections: edited } } };
    const upgraded = readContentDocument(2, JSON.stringify(v2));
    expect(upgraded.autoReply).toEqual(defaultAutoReply);
    expect(upgraded.autoReply.postalAddress).toBe('');
    expect(upgraded.legal.privacy.sections.map((s) => s.heading)).toEqual(
      defaultContent.legal.privacy.sections.map((s) => s.heading),
    );
    expect(upgraded.legal.privacy.sections[0]?.body).toBe('Your name.');
    // Already there (a document saved by this release's defaults): not added twice.
    expect(readContentDocument(2, JSON.stringify(defaultContent))).toEqual(defaultContent);
  });

  it('gives a version-3 document the calculators’ default limits and fees, and refuses a limit out of range', () => {
    const { calculators: _calculators, ...v3 } = defaultContent;
    const upgraded = readContentDocument(3, JSON.stringify({ ...v3, hero: { ...v3.hero, badge: 'Kept' } }));
    expect(upgraded.calculators).toEqual({ ltcPercent: 90, ltvPercent: 80, pointsPercent: 1 });
    expect(upgraded.hero.badge).toBe('Kept');
    const over = { ...defaultContent, calculators: { ...defaultContent.calculators, ltvPercent: 120 } };
    expect(contentSchema.safeParse(over).error?.issues[0]?.message).toBe('The loan-to-value limit is from 1% to 100%.');
  });

  it('names the missing step when no migration exists', () => {
    expect(() => upgradeContent(1, {}, {}, 2)).toThrow(
      'Site content is stored as version 1 and no migration to version 2 exists.',
    );
  });

  it('reports corrupt JSON and schema mismatches', () => {
    expect(() => readContentDocument(CONTENT_VERSION, '{not json')).toThrow(ContentValidationError);
    expect(() => readContentDocument(CONTENT_VERSION, '{}')).toThrow(/does not match the content schema/);
  });
});
