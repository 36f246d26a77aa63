import type { License } from './types';
import { stateName, type StateCode } from './us-states';

/**
 * The notices some states require on a licensee's website, and where they go (issue 31, point 3).
 * A rule known here gives the notice's standard text, which the admin's form fills in when the
 * owner adds a license in that state, and which the licenses page shows whenever a license in that
 * state exists and none of its licenses carries a text of its own: a required notice never drops
 * off the site because a field was left empty. A state without a rule here shows what the owner
 * entered. Plain data and pure functions: the page, the form and their tests share them.
 */

/**
 * Where a state wants its notice. Texas: on the home page or on a page linked from it (7 TAC
 * §56.200(c) and §57.200(c) since 23 November 2024; "conspicuous" in §81.200(c) before). The
 * licenses page is that page: the footer of every page, the home page's included, links to it.
 */
export type NoticePlacement = 'page-linked-from-home';

/** The page each placement is shown on. */
export const NOTICE_PAGES: Record<NoticePlacement, string> = { 'page-linked-from-home': '/licenses' };

export interface StateNoticeRule {
  title: string;
  /** The rule that prescribes the text, shown beside it. */
  citation: string;
  /** The text as the rule's figure gives it, capitals included (7 TAC §55.3: follow the form's type). */
  text: string;
  placement: NoticePlacement;
  /** Filled in with the notice for a new license in the state, where the owner left them empty. */
  regulator: { name: string; url: string };
}

/** The figure of 7 TAC §81.200(c): the Department of Savings and Mortgage Lending's complaint and recovery fund notice. */
export const TEXAS_NOTICE = `CONSUMERS WISHING TO FILE A COMPLAINT AGAINST A MORTGAGE BANKER OR A LICENSED MORTGAGE BANKER RESIDENTIAL MORTGAGE LOAN ORIGINATOR SHOULD COMPLETE, SIGN AND SEND A COMPLAINT FORM TO THE TEXAS DEPARTMENT OF SAVINGS AND MORTGAGE LENDING, 2601 NORTH LAMAR, SUITE 201, AUSTIN, TEXAS 78705. COMPLAINT FORMS AND INSTRUCTIONS MAY BE DOWNLOADED AND PRINTED FROM THE DEPARTMENT'S WEBSITE AT WWW.SML.TEXAS.GOV. A TOLL-FREE CONSUMER HOTLINE IS AVAILABLE AT 1-877-276-5550.

THE DEPARTMENT MAINTAINS A RECOVERY FUND TO MAKE PAYMENTS OF CERTAIN ACTUAL OUT OF POCKET DAMAGES SUSTAINED BY BORROWERS CAUSED BY ACTS OF LICENSED MORTGAGE BANKER RESIDENTIAL MORTGAGE LOAN ORIGINATORS. A WRITTEN APPLICATION FOR REIMBURSEMENT FROM THE RECOVERY FUND MUST BE FILED WITH AND INVESTIGATED BY THE DEPARTMENT PRIOR TO THE PAYMENT OF A CLAIM. FOR MORE INFORMATION ABOUT THE RECOVERY FUND, PLEASE CONSULT THE DEPARTMENT'S WEBSITE AT WWW.SML.TEXAS.GOV.`;

export const STATE_NOTICE_RULES: Partial<Record<StateCode, StateNoticeRule>> = {
  TX: {
    title: 'Texas Consumer Complaint and Recovery Fund Notice',
    citation: '7 TAC §81.200(c)',
    text: TEXAS_NOTICE,
    placement: 'page-linked-from-home',
    regulator: { name: 'Texas Department of Savings and Mortgage Lending', url: 'https://www.sml.texas.gov/' },
  },
};

export function noticeRuleFor(state: StateCode): StateNoticeRule | null {
  return STATE_NOTICE_RULES[state] ?? null;
}

/** One notice as a page shows it. */
export interface PageNotice {
  state: StateCode;
  /** The element id the licenses table links to ('notice-tx', 'notice-tx-2'). */
  anchor: string;
  title: string;
  /** Shown only with the rule's own text: a text the owner changed may come from another rule. */
  citation: string | null;
  paragraphs: string[];
}

// Two licenses with the same text (a broker license and a lender license in one state) show it once.
const sameText = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The notices the page at `placement` shows for these licenses: per state, ordered by the state's
 * name, each distinct text the owner entered, or the rule's standard text when they entered none.
 * A state without a rule goes to the licenses page, the one page every state's notice can be on.
 */
export function pageNotices(licenses: readonly License[], placement: NoticePlacement = 'page-linked-from-home'): PageNotice[] {
  const byState = new Map<StateCode, string[]>();
  for (const license of licenses) {
    const texts = byState.get(license.state) ?? [];
    if (license.notice.trim() && !texts.some((t) => sameText(t) === sameText(license.notice))) texts.push(license.notice);
    byState.set(license.state, texts);
  }
  const states = [...byState.keys()].sort((a, b) => stateName(a).localeCompare(stateName(b), 'en'));
  return states.flatMap((state) => {
    const rule = noticeRuleFor(state);
    if ((rule?.placement ?? 'page-linked-from-home') !== placement) return [];
    const entered = byState.get(state)!;
    const texts = entered.length > 0 ? entered : rule ? [rule.text] : [];
    return texts.map((text, i) => ({
      state,
      anchor: `notice-${state.toLowerCase()}${i === 0 ? '' : `-${i + 1}`}`,
      title: rule?.title ?? `${stateName(state)} notice`,
      citation: rule && sameText(text) === sameText(rule.text) ? rule.citation : null,
      paragraphs: text.split(/\n\s*\n/).map((p) => p.trim()),
    }));
  });
}

/** The anchor of a state's first notice on the page, for its licenses' rows; null when it has none. */
export function noticeAnchorOf(notices: readonly PageNotice[], state: StateCode): string | null {
  return notices.find((n) => n.state === state)?.anchor ?? null;
}
