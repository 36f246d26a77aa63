import { describe, expect, it } from 'vitest';
import { consentKeyword } from './sms-keywords';

describe('text replies about consent', () => {
  it('reads the opt-out words, in any case, trimmed', () => {
    for (const body of [
      'STOP',
      'stop',
      ' Stop ',
      'Stop.',
      'STOPALL',
      'unsubscribe',
      'Cancel',
      'END',
      'quit',
      'Revoke',
      'opt out',
      'OPT-OUT',
    ])
      expect(consentKeyword(body), body).toBe('withdrawn');
  });

  it('reads START and UNSTOP as consent given again', () => {
    for (const body of ['START', 'start', ' Unstop! ']) expect(consentKeyword(body), body).toBe('given');
  });

  it('reads nothing into other replies', () => {
    for (const body of ['', 'stop please', "don't stop", 'Yes', 'HELP', 'STOPPED', 'the end of the build'])
      expect(consentKeyword(body), body).toBeNull();
  });
});
