import type { ConsentEventKind } from './types';

/**
 * What a text reply to the Twilio number says about consent. The opt-out words are Twilio's and
 * the CTIA's (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) and the FCC's further examples of a
 * revocation by "reasonable means" (REVOKE, OPT OUT: 47 CFR 64.1200(a)(10)); START and UNSTOP give
 * consent again. A keyword is the whole reply, in any case, trimmed, a closing full stop or
 * exclamation mark allowed: "Stop." is a keyword, "don't stop" is not. Any other reply records
 * nothing; reading it stays with the broker (docs/compliance.md).
 */

const WITHDRAW = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'OPT OUT', 'OPT-OUT']);
const GIVE = new Set(['START', 'UNSTOP']);

export function consentKeyword(body: string): ConsentEventKind | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase();
  if (WITHDRAW.has(word)) return 'withdrawn';
  if (GIVE.has(word)) return 'given';
  return null;
}
