import { describe, expect, it } from 'vitest';
import { resumeMessage } from './resume-message';

const draft = {
  email: 'ann@example.com',
  link: 'https://loans.example/apply?resume=t',
  expiresAt: new Date('2026-12-22T00:00:00Z'),
};

describe('the resume link’s e-mail', () => {
  it('gives the link and its end, unsigned when no officer is known', () => {
    const { text, to } = resumeMessage(draft);
    expect(to).toBe('ann@example.com');
    expect(text.split('\n')).toContain('https://loans.example/apply?resume=t');
    expect(text).toContain('The link works until December 22, 2026');
    expect(text).not.toContain('NMLS');
  });

  it('is signed by the officer the application was begun with, beside the company (issue 31)', () => {
    const signature = ['Jane Doe', 'NMLS ID 654321', 'Construction Loan Pros, NMLS ID 1234567'];
    expect(resumeMessage({ ...draft, signature }).text).toMatch(
      /the draft is deleted after that date\.\n\nJane Doe\nNMLS ID 654321\nConstruction Loan Pros, NMLS ID 1234567\n$/,
    );
  });
});
