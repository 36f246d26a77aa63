import type { NotificationMessage } from '../notifications/types';
import { signedText } from '../officers/signature';

/**
 * The e-mail with a saved application's resume link, sent to the visitor through the outbox.
 * Plain text like the site's other e-mails. It names no figure from the application: the link
 * alone opens it, and an e-mail lives on in mailboxes long after the draft is gone. An application
 * begun from an officer's profile is signed by that officer, with their NMLS ID and the company's
 * (`signature`, lib/officers/signature.ts).
 */
export function resumeMessage(draft: {
  email: string;
  link: string;
  expiresAt: Date;
  signature?: string[] | null;
}): NotificationMessage {
  const expires = draft.expiresAt.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
  const text = [
    'You saved your construction loan application to finish later.',
    '',
    'Open this link to continue where you left off, on any device:',
    draft.link,
    '',
    `The link works until ${expires}, or until you submit the application.`,
    'Anyone with this link can see what you typed, so please do not forward it.',
    'If you did not ask for this e-mail, you can ignore it: the draft is deleted after that date.',
  ].join('\n');
  return {
    subject: 'Finish your construction loan application',
    text: signedText(text, draft.signature ?? null),
    fromName: '',
    fromEmail: '',
    to: draft.email,
  };
}
