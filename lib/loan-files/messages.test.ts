import { describe, expect, it } from 'vitest';
import { builderLinkMessage, milestoneMessage, rejectionMessage, signInMessage, signedMessage } from './messages';

describe('loan file e-mails', () => {
  it('tell the milestone reached, with the portal link', () => {
    const mail = milestoneMessage({ to: 'jane@example.com', milestone: 'approved', link: 'https://x.example/portal' });
    expect(mail).toMatchObject({ to: 'jane@example.com', subject: 'Your loan has reached: Loan approved' });
    expect(mail.text).toContain('https://x.example/portal');
  });

  it('tell a rejection’s item and reason, and how to send it again', () => {
    const mail = rejectionMessage({
      to: 'b@example.com',
      owedBy: 'builder',
      itemLabel: 'W-9',
      reason: 'Unsigned.',
      link: 'https://x.example/portal/builder/t',
    });
    expect(mail.subject).toBe('Please send again: W-9');
    expect(mail.text).toContain('Unsigned.');
    expect(mail.text).toContain('https://x.example/portal/builder/t');
  });

  it('give the sign-in link and the builder link on lines of their own', () => {
    const signIn = signInMessage({ to: 'j@example.com', link: 'L1', expiresAt: new Date('2026-11-01T10:30:00Z') });
    expect(signIn.text.split('\n')).toContain('L1');
    expect(signIn.text).toContain('Nov 1, 2026, 10:30 AM UTC');
    const builder = builderLinkMessage({ to: 'b@example.com', builderName: null, propertyAddress: '', link: 'L2' });
    expect(builder.text.split('\n')).toContain('L2');
    expect(builder.subject).toBe('Documents needed for the construction loan');
  });

  it('are signed by the file’s officer, with their NMLS ID beside the company’s (issue 31)', () => {
    const mail = milestoneMessage({ to: 'jane@example.com', milestone: 'approved', link: 'L' });
    expect(signedMessage(mail, null)).toBe(mail);
    const signed = signedMessage(mail, ['Jane Doe', 'NMLS ID 654321', 'Construction Loan Pros, NMLS ID 1234567']);
    expect(signed).toMatchObject({ to: mail.to, subject: mail.subject });
    expect(signed.text).toBe(`${mail.text}\n\nJane Doe\nNMLS ID 654321\nConstruction Loan Pros, NMLS ID 1234567\n`);
  });
});
