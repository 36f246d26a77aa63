import { describe, expect, it } from 'vitest';
import { BOT_MARK_SCORE, judgeSubmission, type SubmissionSignals } from './spam';

const settings = { minFillSeconds: 2, rateLimit: 10 };
/** A person who typed for a while in a browser, with the forms' script running. */
const person: SubmissionSignals = {
  honeypot: '',
  fillMs: 9000,
  focused: true,
  scriptOnlyPath: true,
  browserHeaders: true,
  resumed: false,
  texts: ['Ann Asker', 'ann@example.com', 'Please call me about a lot in Austin.'],
  recentFromAddress: 0,
};
const judge = (changes: Partial<SubmissionSignals>, s = settings) => judgeSubmission({ ...person, ...changes }, s);

describe('the spam decision (ADR 030)', () => {
  it('files only strong evidence as spam: the honeypot, link markup, an address far over the limit', () => {
    expect(judge({ honeypot: 'http://spam.example' }).spamReason).toBe('honeypot');
    expect(judge({ texts: ['Nice site [url=http://x.example]cheap[/url]'] }).spamReason).toBe('link-markup');
    expect(judge({ texts: ['<a href="http://x.example">loans</a>'] }).spamReason).toBe('link-markup');
    expect(judge({ texts: ['[URL]http://x.example[/URL]'] }).spamReason).toBe('link-markup');
    expect(judge({ recentFromAddress: 30 }).spamReason).toBe('flood');
  });

  it('never files a person: links typed as text, a fast fill, no script, the 29th lead from an office', () => {
    expect(judge({ texts: ['See https://example.com/plans and <b>thanks</b> [1]'] }).spamReason).toBeNull();
    expect(judge({ fillMs: 100, focused: false, browserHeaders: false, recentFromAddress: 29 }).spamReason).toBeNull();
    expect(judge({ fillMs: null, focused: null }).spamReason).toBeNull();
  });

  it('autofill on a phone (0.8 to 1.5 s from the first tap) is one weak signal: listed, not marked', () => {
    for (const fillMs of [800, 1200, 1500]) {
      const verdict = judge({ fillMs });
      expect(verdict).toMatchObject({ spamReason: null, score: 1, possibleBot: false });
      expect(verdict.signals).toEqual([{ signal: 'fast-fill', weight: 1, value: fillMs }]);
    }
  });

  it('marks "Possible bot" from a score of 2, naming every signal', () => {
    expect(BOT_MARK_SCORE).toBe(2);
    expect(judge({ fillMs: 120 })).toMatchObject({
      possibleBot: true,
      signals: [{ signal: 'instant-fill', weight: 2, value: 120 }],
    });
    expect(judge({ fillMs: 1200, focused: false })).toMatchObject({
      score: 2,
      possibleBot: true,
      signals: [{ signal: 'fast-fill' }, { signal: 'no-focus' }],
    });
    // A program posting to the endpoint the forms' script uses, without the script or a browser.
    expect(judge({ fillMs: null, focused: null, browserHeaders: false })).toMatchObject({
      score: 2,
      possibleBot: true,
      signals: [{ signal: 'no-script' }, { signal: 'not-a-browser' }],
    });
    expect(judge({ recentFromAddress: 10 })).toMatchObject({ possibleBot: true, signals: [{ signal: 'burst', value: 11 }] });
  });

  it('reads no signal where none is measured: no JavaScript, plain http, a resumed draft, the fill check off', () => {
    // A form posted without JavaScript goes to its Server Action: no fill time, no script expected.
    expect(judge({ fillMs: null, focused: null, scriptOnlyPath: false }).signals).toEqual([]);
    expect(judge({ browserHeaders: null }).signals).toEqual([]);
    expect(judge({ fillMs: 300, resumed: true }).signals).toEqual([]);
    expect(judge({ fillMs: 100 }, { ...settings, minFillSeconds: 0 }).signals).toEqual([]);
    expect(judge({ recentFromAddress: 9 }).signals).toEqual([]);
  });
});
