import type { BotSignal, BotSignalName, SpamReason } from './spam';

/**
 * What the admin says about a lead's bot signals and spam reasons (ADR 030): short words for the
 * list's marker, a sentence for the lead's dialog and the CSV. Plain data, for client components too.
 */

const seconds = (ms: number | undefined) => (ms === undefined ? '' : `${(ms / 1000).toFixed(1)} s`);

export const BOT_SIGNAL_WORDS: Record<BotSignalName, { short: string; sentence: (value?: number) => string }> = {
  'instant-fill': {
    short: 'instant fill',
    sentence: (ms) => `Sent ${seconds(ms)} after its first field was tapped: faster than a person taps twice.`,
  },
  'fast-fill': {
    short: 'fast fill',
    sentence: (ms) => `Sent ${seconds(ms)} after its first field was tapped (autofill is this fast too).`,
  },
  'no-focus': { short: 'no focus', sentence: () => 'Sent with no field of the form ever focused.' },
  'no-script': {
    short: 'no form script',
    sentence: () => 'Posted straight to the lead endpoint, without the form’s own script.',
  },
  'not-a-browser': {
    short: 'not a browser',
    sentence: () => 'The request lacked the Sec-Fetch headers every current browser sends.',
  },
  burst: {
    short: 'burst',
    sentence: (n) => `Lead number ${n ?? 'many'} from one address within the rate limit’s window.`,
  },
  'earlier-too-fast': {
    short: 'fast fill (earlier)',
    sentence: () =>
      'An earlier version hid it as spam because it was sent within 2 s of the first tap (autofill does this); its exact time was not kept.',
  },
};

const LEGACY_SPAM_WORDS: Record<string, string> = {
  'too-fast': 'Sent within 2 s of the first tap (an earlier rule).',
  'rate-limit': 'Over the rate limit from one address (an earlier rule).',
};

export const SPAM_REASON_WORDS: Record<SpamReason, string> = {
  honeypot: 'Filled in the hidden field that people never see (a bot filling every input).',
  'link-markup': 'Contains link markup ([url=…] or <a href=…>), which forum-spam bots post and people never type.',
  flood: 'Sent far beyond the rate limit from one address (3 times the limit or more within its window).',
  owner: 'Moved to spam by your team.',
};

export function spamReasonSentence(reason: string | null): string {
  if (!reason) return 'No reason recorded.';
  return SPAM_REASON_WORDS[reason as SpamReason] ?? LEGACY_SPAM_WORDS[reason] ?? reason;
}

export function botSignalShort(signals: BotSignal[]): string {
  return signals.map((s) => BOT_SIGNAL_WORDS[s.signal]?.short ?? s.signal).join(', ');
}

export function botSignalSentences(signals: BotSignal[]): string[] {
  return signals.map((s) => BOT_SIGNAL_WORDS[s.signal]?.sentence(s.value) ?? s.signal);
}

/** A stored `bot_signals` column: a JSON array; anything else reads as none. */
export function parseBotSignals(json: string): BotSignal[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((s): s is BotSignal => typeof s?.signal === 'string') : [];
  } catch {
    return [];
  }
}
