/**
 * The spam decision for the public lead forms (ADR 030, superseding the spam part of ADR 005).
 * Only strong evidence, a stated fact no person produces, files a lead in the spam folder; weak
 * signals only add up to a score, and a lead scoring BOT_MARK_SCORE or more is listed, alerted
 * and marked "Possible bot" with its reasons. A real person's fast autofill must never cost the
 * broker the lead: a guess marks, it never hides.
 */

/** Why a lead is in the spam folder: strong evidence, or a person of the team who moved it there. */
export type SpamReason = 'honeypot' | 'link-markup' | 'flood' | 'owner';

/** Weak signals: each may come from a person, so alone or together they never hide a lead. */
export type BotSignalName =
  | 'instant-fill'
  | 'fast-fill'
  | 'no-focus'
  | 'no-script'
  | 'not-a-browser'
  | 'burst'
  /** Only set by migration 0014: hidden as 'too-fast' by an earlier release, its fill time not kept. */
  | 'earlier-too-fast';

export interface BotSignal {
  signal: BotSignalName;
  weight: number;
  /** The measurement behind it: the fill time in ms, or the address's leads in the window. */
  value?: number;
}

/** The weights, written down once (ADR 030 gives the reasons and the false-positive measurements). */
export const BOT_SIGNAL_WEIGHTS: Record<BotSignalName, number> = {
  'instant-fill': 2,
  'fast-fill': 1,
  'no-focus': 1,
  'no-script': 1,
  'not-a-browser': 1,
  burst: 2,
  'earlier-too-fast': 2,
};

/** A lead whose signals weigh this much is marked "Possible bot". */
export const BOT_MARK_SCORE = 2;

/** Under this fill time (from the first focus to the press) no person has tapped twice: 'instant-fill'. */
export const INSTANT_FILL_MS = 500;

/** Beyond this many times the rate limit an address's leads are filed as spam ('flood'). */
export const SPAM_FACTOR = 3;
/** Beyond this many times the rate limit an address's submissions are refused, not stored. */
export const FLOOD_FACTOR = 5;

export interface SpamSettings {
  /** A fill shorter than this is the weak 'fast-fill' signal; 0 switches the fill-time signals off. */
  minFillSeconds: number;
  /** Leads per address per window; more are the weak 'burst' signal (see SPAM_FACTOR, FLOOD_FACTOR). */
  rateLimit: number;
}

/** What a submission tells besides its fields. */
export interface SubmissionSignals {
  honeypot: string;
  /** Milliseconds from the form's first focus to the press, measured by the form's script; null: no script ran. */
  fillMs: number | null;
  /** Whether a field of the form had focus before the press; null: no script ran. */
  focused: boolean | null;
  /** The post came to the lead endpoint, which only the forms' script posts to (but the calculator's plain form). */
  scriptOnlyPath: boolean;
  /** Whether the request carried the Fetch Metadata headers every supported browser sends; null: not expected (plain http). */
  browserHeaders: boolean | null;
  /** Whether the visitor resumed a saved draft: their fill time is the review of what they typed before. */
  resumed: boolean;
  /** Every value the visitor typed (for the link-markup pattern). */
  texts: string[];
  /** Leads stored from the same address within the window, before this one. */
  recentFromAddress: number;
}

export interface SpamVerdict {
  /** Set: strong evidence; the lead goes to the spam folder, unalerted. */
  spamReason: SpamReason | null;
  signals: BotSignal[];
  score: number;
  possibleBot: boolean;
}

/**
 * Forum and comment spam posts links as BBCode or HTML anchors. Our forms take plain text, so no
 * person types `[url=…]`, `[link=…]` or `<a href=…>` into them; bots posting the same payload
 * to every form on the web do.
 */
const LINK_MARKUP = /\[(url|link)[=\]]|<a\s[^>]*href\s*=/i;

export function hasLinkMarkup(texts: string[]): boolean {
  return texts.some((text) => LINK_MARKUP.test(text));
}

function weakSignals(input: SubmissionSignals, settings: SpamSettings): BotSignal[] {
  const signals: BotSignal[] = [];
  const add = (signal: BotSignalName, value?: number) =>
    signals.push({ signal, weight: BOT_SIGNAL_WEIGHTS[signal], ...(value === undefined ? {} : { value }) });
  const minFillMs = settings.minFillSeconds * 1000;
  if (input.fillMs !== null && !input.resumed && minFillMs > 0) {
    if (input.fillMs < Math.min(INSTANT_FILL_MS, minFillMs)) add('instant-fill', input.fillMs);
    else if (input.fillMs < minFillMs) add('fast-fill', input.fillMs);
  }
  if (input.fillMs !== null && input.focused === false) add('no-focus');
  if (input.fillMs === null && input.scriptOnlyPath) add('no-script');
  if (input.browserHeaders === false) add('not-a-browser');
  if (input.recentFromAddress >= settings.rateLimit) add('burst', input.recentFromAddress + 1);
  return signals;
}

/** Judges one submission: strong evidence files it as spam; weak signals are scored and kept. */
export function judgeSubmission(input: SubmissionSignals, settings: SpamSettings): SpamVerdict {
  const signals = weakSignals(input, settings);
  const score = signals.reduce((sum, s) => sum + s.weight, 0);
  const spamReason: SpamReason | null =
    input.honeypot.trim() !== ''
      ? 'honeypot'
      : hasLinkMarkup(input.texts)
        ? 'link-markup'
        : input.recentFromAddress >= settings.rateLimit * SPAM_FACTOR
          ? 'flood'
          : null;
  return { spamReason, signals, score, possibleBot: score >= BOT_MARK_SCORE };
}

export function isFlood(recentFromAddress: number, settings: SpamSettings): boolean {
  return recentFromAddress >= settings.rateLimit * FLOOD_FACTOR;
}

/** Reasons that are evidence enough for the retention job to purge the lead after 30 days. */
export const PURGEABLE_SPAM_REASONS: SpamReason[] = ['honeypot', 'link-markup', 'flood', 'owner'];
