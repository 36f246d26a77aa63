import type { MailHeld } from './resume-mail-limits.server';

/**
 * What the visitor reads after 'Save and finish later' (the panel's status line, with or without
 * JavaScript). Past a limit on resume e-mails (./resume-mail-limits.server.ts) the draft is saved
 * all the same; the message says that no link went out, why, and what still opens the draft.
 */
export function savedDraftMessage(
  saved: { email: string; expiresAt: Date; resaved: boolean } & ({ mailed: true } | { mailed: false; held: MailHeld }),
  limits: { mailsPerDraft: number; mailsPerRecipient: number },
): string {
  if (saved.mailed) {
    const until = saved.expiresAt.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
    // For a shared computer: what was typed stays in this tab (its draft, or the page sent back).
    return `We sent a link to ${saved.email}, good until ${until}. On a shared computer, close this tab when done.`;
  }
  const why =
    saved.held === 'draft'
      ? `the link to this application has already been e-mailed ${limits.mailsPerDraft} times in the last 24 hours`
      : saved.held === 'recipient'
        ? `we have already e-mailed ${limits.mailsPerRecipient} links to ${saved.email} in the last 24 hours`
        : 'we have sent as many of these e-mails as we can for today';
  return saved.resaved
    ? `Your changes are saved, but we did not send a new link: ${why}. The link we sent you before still opens your application, with these changes.`
    : `Your application is saved, but we did not send the link: ${why}. Keep this page open to finish now, or save again tomorrow to get the link.`;
}
