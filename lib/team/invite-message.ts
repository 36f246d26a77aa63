import { ROLE_LABELS, type Role } from '../auth/roles';
import type { NotificationMessage } from '../notifications/types';

/**
 * The invitation e-mail, sent to the invitee through the outbox. Plain text like the broker's
 * e-mails; the link is the only way in, so it stands on a line of its own.
 */
export function inviteMessage(invite: { email: string; role: Role; link: string; expiresAt: Date }): NotificationMessage {
  const expires = invite.expiresAt.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return {
    subject: 'Your invitation to the Construction Loan Pros admin',
    text: [
      `You have been invited to the Construction Loan Pros admin as ${ROLE_LABELS[invite.role]}.`,
      '',
      'Open this link to choose your password and sign in:',
      invite.link,
      '',
      `The link works once, until ${expires} UTC.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n'),
    fromName: '',
    fromEmail: '',
    to: invite.email,
  };
}
