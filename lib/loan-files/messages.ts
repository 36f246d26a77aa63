import type { NotificationMessage } from '../notifications/types';
import { signedText } from '../officers/signature';
import { milestoneDescription, milestoneLabel, type Milestone, type MilestoneNames } from './milestones';

/**
 * The e-mails a loan file sends its borrower and builder through the outbox. Plain text like the
 * site's other e-mails. None names a figure or a document's content: an e-mail lives on in
 * mailboxes, and a link (signing in, the builder's page) is the way to anything more.
 */

const BRAND = 'Construction Loan Pros';

function message(to: string, subject: string, lines: string[]): NotificationMessage {
  return { subject, text: lines.join('\n'), fromName: '', fromEmail: '', to };
}

/**
 * A file's e-mail signed by the officer its lead is assigned to (issue 31, lib/officers/signature.ts:
 * their name and NMLS ID, then the company's); unchanged when no officer signs.
 */
export function signedMessage(mail: NotificationMessage, signature: string[] | null): NotificationMessage {
  return signature ? { ...mail, text: signedText(mail.text, signature) } : mail;
}

export function signInMessage(mail: { to: string; link: string; expiresAt: Date }): NotificationMessage {
  const expires = mail.expiresAt.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const mailed = message(mail.to, `Your sign-in link for ${BRAND}`, [
    'Open this link to sign in to your loan file:',
    mail.link,
    '',
    `The link works once, until ${expires} UTC. You can ask for a new one on the sign-in page.`,
    'If you did not ask to sign in, you can ignore this e-mail.',
  ]);
  // Asked for a moment ago, and the borrower's only way into their own file: sent even after they
  // unsubscribed from our other mail (docs/compliance.md, "Withdrawing consent").
  return { ...mailed, requested: true };
}

export function builderLinkMessage(mail: {
  to: string;
  builderName: string | null;
  propertyAddress: string;
  link: string;
}): NotificationMessage {
  const home = mail.propertyAddress ? ` at ${mail.propertyAddress}` : '';
  return message(mail.to, `Documents needed for the construction loan${home}`, [
    mail.builderName ? `Hello ${mail.builderName},` : 'Hello,',
    '',
    `Your client's construction loan${home} needs a few documents from you as the builder.`,
    'Open this link to see the list and upload them; no account is needed:',
    mail.link,
    '',
    'The link is for you alone: please do not forward it. A newer link replaces this one.',
  ]);
}

export function rejectionMessage(mail: {
  to: string;
  owedBy: 'borrower' | 'builder';
  itemLabel: string;
  reason: string;
  link: string;
}): NotificationMessage {
  const how =
    mail.owedBy === 'borrower'
      ? 'Sign in to your loan file to upload a new one:'
      : 'Open your link to upload a new one (it replaces the link we sent before):';
  return message(mail.to, `Please send again: ${mail.itemLabel}`, [
    `We could not accept the document you sent for "${mail.itemLabel}".`,
    '',
    'Why:',
    mail.reason,
    '',
    how,
    mail.link,
  ]);
}

export function milestoneMessage(mail: {
  to: string;
  milestone: Milestone;
  /** The owner's names of the stages (none: the code's). */
  names?: MilestoneNames;
  link: string;
}): NotificationMessage {
  const label = milestoneLabel(mail.milestone, mail.names);
  return message(mail.to, `Your loan has reached: ${label}`, [
    `Your loan has reached: ${label}.`,
    milestoneDescription(mail.milestone, mail.names),
    '',
    'Sign in to your loan file to see where things stand and what is still needed:',
    mail.link,
  ]);
}

/** The reminder of every item a person still owes on the file (issue 30, point 8). */
export function reminderMessage(mail: {
  to: string;
  owedBy: 'borrower' | 'builder';
  propertyAddress: string;
  itemLabels: readonly string[];
  link: string;
}): NotificationMessage {
  const home = mail.propertyAddress ? ` at ${mail.propertyAddress}` : '';
  const how =
    mail.owedBy === 'borrower'
      ? 'Sign in to your loan file to upload them:'
      : 'Open your link to upload them (it replaces the link we sent before):';
  return message(mail.to, `Reminder: documents still needed for the construction loan${home}`, [
    `The construction loan${home} is still waiting for ${mail.itemLabels.length === 1 ? 'this document' : 'these documents'} from you:`,
    ...mail.itemLabels.map((label) => `- ${label}`),
    '',
    how,
    mail.link,
    '',
    'We stop reminding you of a document as soon as it arrives.',
  ]);
}
