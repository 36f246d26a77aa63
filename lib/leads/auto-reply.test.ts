import { describe, expect, it } from 'vitest';
import { defaultContent } from '../content/defaults';
import { autoReplyMessage } from './auto-reply';

const content = { ...defaultContent, autoReply: { ...defaultContent.autoReply, postalAddress: '100 Main Street, Boise, ID' } };
const lead = {
  kind: 'contact' as const,
  type: 'Contact Form',
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '',
  fields: {},
  createdAt: '2026-11-22T12:00:00.000Z',
};
const jane = { displayName: 'Jane Doe', nmlsId: '654321', title: 'Loan Officer', phone: '208-555-0142' };

describe('the auto-reply’s sign-off (issue 31)', () => {
  it('is the company’s, as before, when no officer is assigned', () => {
    expect(autoReplyMessage(lead, content).text).toContain(
      'Construction Loan Pros\nNMLS ID 1234567\n100 Main Street, Boise, ID\n1-800-555-0199 · loans@example.com',
    );
  });

  it('names the assigned officer with their NMLS ID, then the company with its own', () => {
    const { text, fromName } = autoReplyMessage(lead, content, jane);
    expect(text).toContain(
      'Jane Doe, Loan Officer\nNMLS ID 654321\nDirect: 208-555-0142\nConstruction Loan Pros, NMLS ID 1234567\n' +
        '100 Main Street, Boise, ID\n1-800-555-0199 · loans@example.com',
    );
    // Still sent from the company's mailbox: a reply reaches the broker.
    expect(fromName).toBe('Construction Loan Pros');
  });
});
