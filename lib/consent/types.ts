/**
 * The vocabulary of consent to be contacted (issue 31, point 4): given and withdrawn, per address
 * and channel, by whatever means the person used. Plain data, shared by the server, the lead
 * dialog and the unsubscribe page.
 */

/** E-mail addresses and phone numbers are kept apart: a phone number is never an e-mail address. */
export type AddressKind = 'email' | 'phone';

/**
 * What an event covers: e-mail, texts, or every way of reaching the person ('all': e-mail, texts
 * and calls, which the broker makes by hand and the product cannot stop, only show).
 */
export const CONSENT_CHANNELS = ['email', 'sms', 'all'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** The channels the outbox sends on and checks before each message. */
export type CheckedChannel = Exclude<ConsentChannel, 'all'>;

export const CONSENT_EVENTS = ['given', 'withdrawn'] as const;
export type ConsentEventKind = (typeof CONSENT_EVENTS)[number];

/** How the person said it, in the words the history and a skipped message's reason use. */
export const CONSENT_SOURCES = {
  /** The confirm button of the /unsubscribe page, opened from an e-mail's link. */
  'unsubscribe-link': 'unsubscribe link',
  /** The mail app's own Unsubscribe button (RFC 8058 one-click POST). */
  'list-unsubscribe-post': 'one-click unsubscribe',
  /** A text reply of STOP (or another opt-out word) to the Twilio number. */
  'sms-stop': 'text reply STOP',
  /** A text reply of START (or UNSTOP). */
  'sms-start': 'text reply START',
  /** Recorded by the owner or an officer in the lead dialog (a phone call, a letter, a reply). */
  team: 'recorded by the team',
} as const;
export type ConsentSource = keyof typeof CONSENT_SOURCES;

export const CHANNEL_LABELS: Record<ConsentChannel, string> = {
  email: 'E-mail',
  sms: 'Text messages',
  all: 'E-mail, texts and calls',
};

/** One event of an address's history, as the lead dialog lists it. */
export interface ConsentEvent {
  id: string;
  addressKind: AddressKind;
  /** The address as stored: lower-case e-mail, or the phone number as +<digits>. */
  address: string;
  channel: ConsentChannel;
  event: ConsentEventKind;
  source: ConsentSource;
  /** The team's words, for an event they recorded. */
  note: string | null;
  /** Who recorded it, for the team's events ('admin', an account's e-mail). */
  actor: string | null;
  at: string;
}

/** The consent a lead's form recorded with it (leads.consent_*), verbatim. */
export interface FormConsent {
  text: string;
  at: string;
  page: string;
}

/** What the lead dialog shows: the form's consent, then every later event of the lead's addresses. */
export interface LeadConsentHistory {
  leadId: string;
  email: string | null;
  phone: string | null;
  given: FormConsent | null;
  events: ConsentEvent[];
  /**
   * Whether e-mail and texts may go to the lead's address now (false once withdrawn, until given
   * again); null when the lead has no such address.
   */
  current: Record<CheckedChannel, boolean | null>;
}

/** The latest withdrawal in force for a channel: how and when. */
export interface Withdrawal {
  source: ConsentSource;
  at: string;
}

/** What an unsubscribe link's page shows: the address it names, and its e-mail withdrawal if any. */
export interface LinkState {
  address: string;
  /** The withdrawal in force for e-mail, or null when e-mail may go to the address. */
  withdrawal: Withdrawal | null;
}
