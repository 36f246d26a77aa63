/**
 * The Overview's setup checklist (issue 33, point 2): what a new site needs before it is safe to
 * advertise, each with where the owner does it. Plain data, for the server that works out each
 * item's state (./checklist.server.ts) and the component that lists them.
 */

export const SETUP_ITEM_IDS = ['password', 'two-factor', 'email', 'postal-address', 'licenses', 'site-url', 'backups'] as const;
export type SetupItemId = (typeof SETUP_ITEM_IDS)[number];

export function isSetupItemId(value: unknown): value is SetupItemId {
  return typeof value === 'string' && (SETUP_ITEM_IDS as readonly string[]).includes(value);
}

export interface SetupItemDefinition {
  id: SetupItemId;
  label: string;
  /** What is still missing, shown while the item is to do. */
  todoText: string;
  /** What is true once it is done. */
  doneText: string;
  /** The admin page that does it, and the link's words; null where no admin page can (backups). */
  link: { href: string; text: string } | null;
}

/** A backup older than this no longer counts: the operations guide asks for one every day. */
export const BACKUP_MAX_AGE_DAYS = 7;

export const SETUP_ITEMS: readonly SetupItemDefinition[] = [
  {
    id: 'password',
    label: 'Password changed',
    todoText: 'The built-in default password, printed on the sign-in page, is still in effect.',
    doneText: 'Your own password is in effect.',
    link: { href: '/admin/account', text: 'Change your password' },
  },
  {
    id: 'two-factor',
    label: 'Two-factor on',
    todoText: 'Your account signs in with its password alone.',
    doneText: 'Your account asks for a second factor (an authenticator app or a passkey).',
    link: { href: '/admin/account#two-factor-title', text: 'Set up two-factor' },
  },
  {
    id: 'email',
    label: 'E-mail working',
    todoText: 'No test e-mail has gone through with the current mail settings.',
    doneText: 'A test e-mail went through with the current mail settings.',
    link: { href: '/admin/settings', text: 'Set up e-mail and send a test' },
  },
  {
    id: 'postal-address',
    label: 'Postal address entered',
    todoText: 'No auto-reply goes out to visitors until it is entered (CAN-SPAM).',
    doneText: 'Auto-replies are signed with your postal address.',
    link: { href: '/admin/content#section-autoReply', text: 'Enter it in Site Content, Auto-reply to Visitors' },
  },
  {
    id: 'licenses',
    label: 'Licenses entered',
    todoText: 'The licenses page lists no state license, and leads are not routed by state.',
    doneText: 'The licenses page lists your state licenses.',
    link: { href: '/admin/licenses', text: 'Add your licenses' },
  },
  {
    id: 'site-url',
    label: 'Site URL set',
    todoText: 'Links in e-mails and texts (sign-in, unsubscribe, leads) point at this server’s local address.',
    doneText: 'Links in e-mails and texts use the site’s public address.',
    link: { href: '/admin/settings', text: 'Set the site’s address' },
  },
  {
    id: 'backups',
    label: `Backups run in the last ${BACKUP_MAX_AGE_DAYS} days`,
    todoText: `No backup was recorded in the last ${BACKUP_MAX_AGE_DAYS} days. Schedule npm run db:backup on the server every night (the operations guide, Backups).`,
    doneText: 'npm run db:backup completed recently.',
    link: null,
  },
];
