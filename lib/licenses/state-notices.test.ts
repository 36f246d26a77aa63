import { describe, expect, it } from 'vitest';
import { NOTICE_PAGES, noticeAnchorOf, noticeRuleFor, pageNotices, TEXAS_NOTICE } from './state-notices';
import type { License } from './types';
import type { StateCode } from './us-states';

/** Where each state's required notice goes, and which text it shows. */

let serial = 0;
function license(state: StateCode, fields: Partial<License> = {}): License {
  serial += 1;
  return {
    id: `l${serial}`,
    state,
    type: 'Mortgage Broker License',
    number: `N-${serial}`,
    regulatorName: 'A regulator',
    regulatorUrl: null,
    notice: '',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...fields,
  };
}

describe('the Texas notice', () => {
  it('is the figure of 7 TAC §81.200(c): the department, its address and hotline, and the recovery fund, in capitals', () => {
    const rule = noticeRuleFor('TX')!;
    expect(rule.citation).toBe('7 TAC §81.200(c)');
    expect(rule.text).toBe(TEXAS_NOTICE);
    expect(TEXAS_NOTICE).toBe(TEXAS_NOTICE.toUpperCase());
    expect(TEXAS_NOTICE).toContain(
      'TEXAS DEPARTMENT OF SAVINGS AND MORTGAGE LENDING, 2601 NORTH LAMAR, SUITE 201, AUSTIN, TEXAS 78705',
    );
    expect(TEXAS_NOTICE).toContain('1-877-276-5550');
    expect(TEXAS_NOTICE).toContain('THE DEPARTMENT MAINTAINS A RECOVERY FUND');
    expect(TEXAS_NOTICE.split('\n\n')).toHaveLength(2);
    expect(rule.regulator.url).toMatch(/^https:\/\//);
  });

  it('goes on a page the home page links to: the licenses page, which every page’s footer links to', () => {
    expect(noticeRuleFor('TX')!.placement).toBe('page-linked-from-home');
    expect(NOTICE_PAGES['page-linked-from-home']).toBe('/licenses');
  });

  it('shows whenever a Texas license exists, with its title and citation, even when its notice field is empty', () => {
    const notices = pageNotices([license('TX')]);
    expect(notices).toEqual([
      {
        state: 'TX',
        anchor: 'notice-tx',
        title: 'Texas Consumer Complaint and Recovery Fund Notice',
        citation: '7 TAC §81.200(c)',
        paragraphs: TEXAS_NOTICE.split('\n\n'),
      },
    ]);
    expect(pageNotices([license('CA')])).toEqual([]);
    expect(pageNotices([])).toEqual([]);
  });

  it('shows once for two Texas licenses with the same text, whatever its spacing', () => {
    const spaced = TEXAS_NOTICE.replaceAll(' ', '  ');
    const notices = pageNotices([
      license('TX', { notice: TEXAS_NOTICE }),
      license('TX', { type: 'Exempt registration', notice: spaced }),
    ]);
    expect(notices.map((n) => [n.anchor, n.citation])).toEqual([['notice-tx', '7 TAC §81.200(c)']]);
  });

  it('shows the owner’s own wording instead, without a citation it may not be from', () => {
    const own = 'CONSUMERS WISHING TO FILE A COMPLAINT AGAINST A COMPANY ...\n\nSECOND PARAGRAPH.';
    const notices = pageNotices([license('TX', { notice: own }), license('TX')]);
    expect(notices).toEqual([
      {
        state: 'TX',
        anchor: 'notice-tx',
        title: 'Texas Consumer Complaint and Recovery Fund Notice',
        citation: null,
        paragraphs: ['CONSUMERS WISHING TO FILE A COMPLAINT AGAINST A COMPANY ...', 'SECOND PARAGRAPH.'],
      },
    ]);
  });
});

describe('other states', () => {
  it('show the notice the owner entered on the licenses page, by state name, each distinct text once', () => {
    const licenses = [
      license('WA', { notice: 'Washington text.' }),
      license('CA', { notice: 'California text.' }),
      license('TX'),
      license('CA', { notice: 'A second California text.' }),
      license('NV'),
    ];
    const notices = pageNotices(licenses);
    expect(notices.map((n) => [n.state, n.anchor, n.title, n.citation])).toEqual([
      ['CA', 'notice-ca', 'California notice', null],
      ['CA', 'notice-ca-2', 'California notice', null],
      ['TX', 'notice-tx', 'Texas Consumer Complaint and Recovery Fund Notice', '7 TAC §81.200(c)'],
      ['WA', 'notice-wa', 'Washington notice', null],
    ]);
    // The table links each license to its state's first notice; a state without one has no link.
    expect(noticeAnchorOf(notices, 'CA')).toBe('notice-ca');
    expect(noticeAnchorOf(notices, 'NV')).toBeNull();
  });
});
