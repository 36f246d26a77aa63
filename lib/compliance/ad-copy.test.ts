import { describe, expect, it } from 'vitest';
import { checkAdCopy, parseAdCopyKey, type AdCopyRule, type AdCopyText } from './ad-copy';

/** The rules each phrase meets, alone in its own text. */
const rulesOf = (text: string, options = {}) => checkAdCopy([{ path: 'x', text }], options).map((f) => f.rule);
const flags = (rule: AdCopyRule) => (text: string) => expect(rulesOf(text), text).toContain(rule);
const clean = (text: string) => expect(rulesOf(text), text).toEqual([]);

describe('promises of approval', () => {
  it('flags a promise, however it is worded', () => {
    for (const text of [
      'Guaranteed approval',
      'Guaranteed Approval',
      'Apply today: approval guaranteed!',
      'We guarantee your approval in 24 hours.',
      'You are guaranteed to be approved.',
      '100% approval for self-employed borrowers',
      'Everyone is approved, whatever their credit.',
      'No fees, guaranteed approval.',
      'You’re pre-approved!',
    ])
      flags('approval-promise')(text);
  });

  it('leaves a denial or a fact alone', () => {
    for (const text of [
      'no guarantee of approval',
      'Approval is not guaranteed.',
      'We cannot guarantee approval.',
      'Prequalification does not guarantee loan approval.',
      'This is not a commitment to lend or a guarantee of approval.',
      'All loans are subject to credit approval and property appraisal.',
      'Quick Approval',
      '5000+ Loans Approved',
      'Once you are pre-approved, start talking to builders.',
      'A VA-guaranteed loan needs no down payment from eligible veterans.',
    ])
      expect(rulesOf(text), text).not.toContain('approval-promise');
  });
});

describe('"no credit check"', () => {
  it('flags the claim', () => {
    for (const text of [
      'No credit check required!',
      'Land loans with no-credit-check approval',
      'Get a quote without a credit check',
    ])
      flags('no-credit-check')(text);
  });

  it('leaves other credit wording alone', () => {
    for (const text of [
      'Checking your options involves no hard credit inquiry.',
      'This is not a no-credit-check loan.',
      'We check credit with your permission.',
    ])
      clean(text);
  });
});

describe('Regulation Z trigger terms (1026.24(d))', () => {
  it('flags a trigger term stated without the disclosures', () => {
    for (const text of [
      '$2,150/month',
      'Only $2,150 a month during the build',
      'Monthly payments of $1,200',
      'Terms of 3 to 5 years',
      'A 30-year mortgage for your finished home',
      '12 interest-only payments while you build',
      'Plan on a down payment of roughly 20-25% of the total project cost.',
      'Build with only 5% down',
      'Less than $50 in interest each month',
    ])
      flags('trigger-terms')(text);
  });

  it('names the disclosures that are missing', () => {
    const [finding] = checkAdCopy([{ path: 'x', text: 'Build with only 5% down' }]);
    expect(finding?.detail).toBe('Missing here: the terms of repayment, the APR.');
  });

  it('accepts a trigger term with the down payment, the terms of repayment and the APR', () => {
    clean('12 monthly interest-only payments of $2,250, then $400,000 due; 20% down; 6.75% rate (6.90% APR), fixed.');
  });

  it('leaves figures that are no credit terms alone', () => {
    for (const text of [
      '40 Years Experience',
      'For over 40 years we have helped borrowers finance the homes they build.',
      'Most borrowers hear back within 24 hours.',
      'We moved into our new home eleven months later.',
      'up to 50% max debt-to-income',
      'Budgeting a 10-15% contingency reserve',
      'what down payment and contingency to plan for',
      'Land equity counts toward your down payment',
      'Standard Plan: $495 one-time',
      'A $400,000 interest-only construction loan',
      'Several months of payments in reserve',
    ])
      clean(text);
  });

  it('counts the disclosures anywhere in the same group, and not across groups', () => {
    const texts: AdCopyText[] = [
      { path: 'card.0.title', text: '$2,150/month', group: 'card.0' },
      { path: 'card.0.note', text: '20% down, 12 monthly payments, 6.72% APR.', group: 'card.0' },
      { path: 'card.1.title', text: '$2,150/month', group: 'card.1' },
    ];
    expect(checkAdCopy(texts).map((f) => f.path)).toEqual(['card.1.title']);
  });

  it('is satisfied where the page shows the representative example', () => {
    expect(rulesOf('12-18 months', { disclosuresShown: true })).toEqual([]);
    expect(rulesOf('Terms of 3 to 5 years', { disclosuresShown: true })).toEqual([]);
  });
});

describe('a rate without its APR (1026.24(c))', () => {
  it('flags a rate stated alone', () => {
    for (const text of [
      '6.5% rate',
      'Rates as low as 5.99%',
      'An interest rate of 6.5%',
      '5.99% fixed rate',
      'Fixed at 6.5% for the build',
    ])
      flags('rate-without-apr')(text);
  });

  it('accepts a rate with its APR', () => {
    for (const text of [
      'rate 6.5% (6.72% APR)',
      'Rates from 6.75% (7.15% APR)',
      'Interest rate 6.5%, annual percentage rate 6.72%',
      'APR as low as 7.15%',
    ])
      clean(text);
  });

  it('does not take a word that merely mentions APRs for the APR', () => {
    flags('rate-without-apr')('Rates from 5.99%. See current rates and APRs on our rates page.');
  });
});

describe('findings', () => {
  it('carry the rule, its citation, the claim in its context, the place and a key', () => {
    const text =
      'Our loan specialists work with you from plans to keys, and you enjoy guaranteed approval on every construction loan we submit for you.';
    expect(checkAdCopy([{ path: 'pricing.plans.0.features.1.text', text, label: 'Plan feature' }])).toEqual([
      {
        rule: 'approval-promise',
        citation: expect.stringContaining('12 CFR 1014.3'),
        excerpt: '…you from plans to keys, and you enjoy guaranteed approval on every construction loan we submit…',
        path: 'pricing.plans.0.features.1.text',
        label: 'Plan feature',
        key: expect.stringMatching(/^approval-promise:pricing\.plans\.0\.features\.1\.text:[0-9a-f]{16}$/),
      },
    ]);
  });

  it('cite the rules', () => {
    const citations = Object.fromEntries(
      checkAdCopy([
        { path: 'a', text: 'Guaranteed approval' },
        { path: 'b', text: 'No credit check' },
        { path: 'c', text: '$2,150/month' },
        { path: 'd', text: '6.5% rate' },
      ]).map((f) => [f.rule, f.citation]),
    );
    expect(citations['approval-promise']).toMatch(/FTC Act §5.*12 U\.S\.C\. 5531, 5536.*12 CFR 1014\.3/);
    expect(citations['no-credit-check']).toMatch(/12 CFR 1014\.3/);
    expect(citations['trigger-terms']).toMatch(/12 CFR 1026\.24\(d\)/);
    expect(citations['rate-without-apr']).toMatch(/12 CFR 1026\.24\(c\)/);
  });

  it('keep their key while the claim stays, and get a new one when its words change', () => {
    const key = (text: string, path = 'hero.subtitle') => checkAdCopy([{ path, text }])[0]?.key;
    const first = key('Guaranteed approval for every build.');
    expect(key('Fast and friendly. Guaranteed   approval for every build!')).toBe(first);
    expect(key('100% approval for every build.')).not.toBe(first);
    expect(key('Guaranteed approval for every build.', 'hero.title')).not.toBe(first);
  });

  it('are one per rule and place, the first claim quoted', () => {
    const findings = checkAdCopy([{ path: 'x', text: 'Guaranteed approval. Approval guaranteed.' }]);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.excerpt).toBe('Guaranteed approval. Approval guaranteed.');
  });

  it('read HTML as its text: tags and entities gone, each paragraph apart', () => {
    const body =
      '<h3>Down Payment</h3><p>Plan on a <strong>down payment</strong> of roughly&nbsp;<strong>20-25%</strong>.</p>' +
      '<p>We can&rsquo;t guarantee approval.</p><p>No fees.</p><p>Guaranteed approval.</p>';
    const findings = checkAdCopy([{ path: 'posts.p1.bodyHtml', text: body }]);
    expect(findings.map((f) => [f.rule, f.excerpt])).toEqual([
      // 'No fees.' is a paragraph of its own: its 'No' denies nothing in the next one.
      ['approval-promise', 'Guaranteed approval.'],
      ['trigger-terms', 'Plan on a down payment of roughly 20-25%.'],
    ]);
  });
});

describe('parseAdCopyKey', () => {
  it("takes a finding's key apart and refuses anything else", () => {
    const [finding] = checkAdCopy([{ path: 'posts.0192abc.bodyHtml', text: 'No credit check' }]);
    expect(parseAdCopyKey(finding!.key)).toEqual({ rule: 'no-credit-check', path: 'posts.0192abc.bodyHtml' });
    for (const key of ['', 'made-up:x:0123456789abcdef', 'no-credit-check:x:xyz', 'no-credit-check:a b:0123456789abcdef'])
      expect(parseAdCopyKey(key), key).toBeNull();
  });
});
