import type { Generated } from 'kysely';

/**
 * Row types of every table, as both SQLite and PostgreSQL store them. Timestamps are ISO-8601
 * UTC strings and booleans are 0/1 integers so one set of queries and migrations serves both
 * engines. Query modules turn rows into domain objects; nothing outside lib/ sees these.
 */

export interface SiteContentTable {
  /** Always 'site': the whole editable tree is one document. */
  id: string;
  /** Content schema version of `document` (CONTENT_VERSION and its upgrades in lib/content/document.ts). */
  schema_version: number;
  /** Incremented on every save, for optimistic concurrency. */
  revision: number;
  document: string;
  updated_at: string;
}

export interface RatesTable {
  id: string;
  type: string;
  icon: string;
  rate: string;
  apr: string;
  /** 'fixed' or 'adjustable' (migration 0009). */
  rate_kind: 'fixed' | 'adjustable';
  term: string;
  notes: string;
  position: number;
  updated_at: string;
}

export interface PostsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  body_html: string;
  image_url: string | null;
  category: string;
  author: string;
  published_at: string;
  is_custom: number;
  created_at: string;
  updated_at: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** Admin accounts (migration 0011): the built-in owner ('admin') and the team the owner invites. */
export interface AdminUsersTable {
  /** 'admin' for the built-in owner account; a newId() for invited accounts. */
  id: string;
  /** null for the built-in owner, who signs in with the password alone (the spec's login). */
  email: string | null;
  name: Generated<string>;
  /** 'owner' | 'editor' | 'loan_officer' (lib/auth/roles.ts). */
  role: string;
  /** `scrypt$log2N$r$p$salt$hash` (base64url), parameters kept so they can be raised later. */
  password_hash: string;
  /** 1 while the built-in default password is in effect (the login page then shows it). */
  is_default: Generated<number>;
  /** The TOTP secret sealed with SECRET_KEY; null until two-factor is set up. */
  totp_secret: string | null;
  /** When the first correct code turned TOTP on; null while off or being set up. */
  totp_enabled_at: string | null;
  /** The time step of the last accepted code (each code works once). */
  totp_last_step: number | null;
  /** 1: the daily digest of overdue follow-ups is sent (migration 0012). */
  wants_digest: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AdminSessionsTable {
  id: string;
  /** SHA-256 (hex) of the cookie's token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  user_agent: string;
  ip: string;
  user_id: Generated<string>;
  /** The last full sign-in or step-up confirmation (password and second factor). */
  authenticated_at: string | null;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  /** SHA-256 (hex) of the normalized code. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface PasskeysTable {
  /** The WebAuthn credential id, base64url. */
  id: string;
  user_id: string;
  name: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** bigint: pg returns it as a string. */
  counter: Generated<number | string>;
  /** JSON array of AuthenticatorTransport. */
  transports: Generated<string>;
  created_at: string;
  last_used_at: string | null;
}

export interface AuthChallengesTable {
  id: string;
  /** SHA-256 (hex) of the token the browser holds. */
  token_hash: string;
  /** What the step is for, e.g. 'second-factor', 'totp-setup', 'passkey-register', 'passkey-sign-in'. */
  purpose: string;
  user_id: string | null;
  /** JSON: what the step needs (a WebAuthn challenge, a sealed pending TOTP secret). */
  data: Generated<string>;
  created_at: string;
  expires_at: string;
}

export interface InvitesTable {
  id: string;
  token_hash: string;
  email: string;
  role: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
}

/** 'Save and finish later' (migration 0013, lib/drafts/): an unfinished application and its resume link's hash. */
export interface ApplicationDraftsTable {
  id: string;
  token_hash: string;
  email: string;
  /** JSON: the application's field values and the consent box, by name. */
  field_values: string;
  /** The step the visitor saved on: 0 (project information) or 1 (borrower application). */
  step: number;
  /** 1 when the visitor ticked the consent to calls and texts. */
  consent: number;
  /** What the per-address limit counts by: an IPv4 address or an IPv6 /64 (lib/http/address-key.ts). */
  client_address: string;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

/** One resume e-mail queued for a draft (migration 0017): what the limits on them count (ADR 029). */
export interface DraftResumeMailsTable {
  id: string;
  /** The draft it was sent for; kept after the draft is gone, so a deleted draft still counts. */
  draft_id: string;
  /** SHA-256 of the recipient address as stored (trimmed, lower case): never the address. */
  recipient_hash: string;
  queued_at: string;
}

/** Append-only record of what admin accounts did (lib/activity/). Updates are refused by a trigger. */
export interface ActivityLogTable {
  id: string;
  at: string;
  /** The account's id, or null (a failed sign-in for an unknown e-mail, the system's own jobs). */
  actor_id: string | null;
  /** Who, as shown then: the account's e-mail, 'admin' for the owner, 'system' for jobs. */
  actor: string;
  /** e.g. 'sign_in', 'rate.update' (lib/activity/kinds.ts). */
  action: string;
  /** The row acted on, by id (never a visitor's e-mail). */
  target: Generated<string>;
  /** JSON object with what changed. */
  detail: Generated<string>;
  ip: Generated<string>;
}

/** Sign-in attempts still counting against a limit (failed, or in progress), one row per key (migration 0016). */
export interface SignInAttemptsTable {
  id: string;
  /** The attempt: a successful sign-in removes its rows. */
  attempt_id: string;
  /** '<kind>:<hash>': a client address (IPv6 /64), an account, a device cookie or a session (lib/auth/throttle.server.ts). */
  throttle_key: string;
  attempted_at: string;
}

export interface ContentRevisionsTable {
  id: string;
  /** The site_content revision this document became (unique). */
  revision: number;
  created_at: string;
  /** What changed, e.g. 'hero.title, rates.subtitle' or 'Restored revision 3'. */
  summary: string;
  document: string;
  schema_version: number;
}

export interface MediaTable {
  id: string;
  kind: 'image' | 'pdf';
  content_type: string;
  /** SQLite blob / PostgreSQL bytea; both drivers return a Buffer. */
  bytes: Buffer;
  width: number | null;
  height: number | null;
  byte_size: number;
  sha256: string;
  created_at: string;
}

export interface PostRedirectsTable {
  old_slug: string;
  post_id: string;
  created_at: string;
}

export interface LeadsTable {
  id: string;
  /** 'application' | 'contact' | 'qualification' | 'ebook' | 'calculator' ('payment' rows lived here until migration 0007). */
  kind: string;
  /** e.g. 'New Detailed Application', 'Ebook Download' */
  type: string;
  /** JSON object of every submitted field, as strings. */
  fields: string;
  name: string;
  email: string;
  phone: string;
  /** Path of the page the form was on. */
  page: string;
  /** The exact consent wording, its time and page; null when the box was not ticked. */
  consent_text: string | null;
  consent_at: string | null;
  consent_page: string | null;
  /** Workflow status for the owner (lib/leads/statuses.ts); 'new' on arrival, 'spam' while is_spam is 1. */
  status: Generated<string>;
  is_spam: Generated<number>;
  /**
   * Why it is in the spam folder (is_spam 1): 'honeypot' | 'link-markup' | 'flood' | 'owner'
   * (lib/leads/spam.ts; before migration 0014 also 'too-fast' and 'rate-limit').
   */
  spam_reason: string | null;
  /** JSON array of the weak bot signals it arrived with (lib/leads/spam.ts BotSignal), '[]' for none (migration 0014). */
  bot_signals: Generated<string>;
  /** 1: its signals weigh enough to mark it "Possible bot"; it is listed and alerted all the same. */
  possible_bot: Generated<number>;
  /** What the per-address limit counts by: an IPv4 address or, since issue 28, an IPv6 /64. */
  client_address: string;
  user_agent: string;
  created_at: string;
  /** The owner's free-text notes (migration 0005). */
  notes: Generated<string>;
  /** Name, e-mail, phone and phone digits, lower-cased, for the admin's search (lib/leads/search-text.ts). */
  search: Generated<string>;
  /** Submitted, or the owner's last status or note change (migration 0011): retention counts from it. */
  last_activity_at: string | null;
  /** JSON of the first and last touch (migration 0012, lib/attribution): UTM values, click ids, referrer host, landing page. */
  attribution: Generated<string>;
  /** The first touch's source ('news', a referrer host, 'direct'; '' before migration 0012), for filters and charts. */
  first_source: Generated<string>;
  /** The last touch's source. */
  last_source: Generated<string>;
  /** The first touch's landing page (a path), for conversion by landing page. */
  landing_page: Generated<string>;
  /** The account working the lead (admin_users.id); null: unassigned. */
  assignee_id: Generated<string | null>;
  /** The next follow-up, a UTC date YYYY-MM-DD; null: none set. */
  follow_up_on: Generated<string | null>;
  /** Why the lead was lost (status 'lost'). */
  lost_reason: Generated<string | null>;
  /** The property's state (USPS code) it was routed by (migration 0026); null: none given. */
  property_state: Generated<string | null>;
  /** 1: the property's state is outside the broker's licenses; stored and listed all the same, assigned to the owner. */
  outside_licenses: Generated<number>;
  /** Which of its state's routing turns assigned it (1, 2, ...); null: not assigned by turn. */
  routing_turn: Generated<number | null>;
  /**
   * Milliseconds from submission to its first status change that is contact (not 'new' or 'spam'),
   * kept by a trigger on lead_status_changes (migration 0029); null: not contacted yet.
   */
  first_contact_ms: Generated<number | string | null>;
}

/**
 * Leads per UTC day by one dimension (migration 0029), kept by triggers on `leads` in the writing
 * transaction: the Overview's figures and the Leads page's totals without counting the leads.
 */
export interface LeadCountsTable {
  /**
   * 'kind' | 'status' | 'kind_status' | 'assignee_status' | 'source' (first source) | 'landing'
   * (landing page) | 'contact' (time to first contact): leads not spam; 'spam': the spam folder.
   */
  dimension: string;
  /**
   * The UTC day YYYY-MM-DD of the leads' created_at; '' for all time (kind, status, kind_status,
   * assignee_status and spam only: what the Leads page counts without dates).
   */
  day: string;
  /**
   * The kind, status, 'kind/status', 'assignee id/status' ('/status' when unassigned), first source
   * or landing page ('' when none); for 'contact' the step's lower bound in ms as 12 digits (steps
   * of a minute under an hour, an hour under a week, then a day); '' for 'spam'.
   */
  value: string;
  /** How many leads (a row goes when the day's last lead of its value does). */
  leads: number;
}

/** Every status change of a lead (migration 0012): its history, and the time to first contact. */
export interface LeadStatusChangesTable {
  id: string;
  lead_id: string;
  from_status: string;
  to_status: string;
  /** The lost reason, when the change is to 'lost'. */
  reason: string | null;
  actor_id: string | null;
  /** The account's label as shown then, or 'system'. */
  actor: string;
  at: string;
}

/** A device an account turned push alerts on for (migration 0012): the browser's PushSubscription. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: Generated<string>;
  created_at: string;
  last_used_at: string | null;
}

/** A receiver of signed webhooks (Standard Webhooks), set in the admin (migration 0012). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** `whsec_...` sealed with SECRET_KEY (lib/auth/secret-box.server.ts). */
  secret: string;
  description: Generated<string>;
  /** JSON array of event types ('lead.created', 'lead.updated'). */
  events: string;
  enabled: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Page views per UTC day and path, counted from the cookieless beacon (migration 0012). */
export interface PageViewsTable {
  day: string;
  path: string;
  views: number;
}

/** The page views already counted in page_views, by the beacon's random view id (migration 0012). */
export interface PageViewIdsTable {
  view_id: string;
  /** The UTC day of its first report: ids are pruned with the Web Vitals. */
  day: string;
}

/** The notifications outbox (lib/notifications, migration 0007): what leads and payments tell the broker. */
export interface NotificationsTable {
  id: string;
  /**
   * 'lead' | 'payment': the table `subject_id` names a row of. No foreign key (a subject may be any
   * table): deleting a subject deletes its notifications in the same transaction.
   */
  subject_type: string;
  subject_id: string;
  /** 'email' | 'sms' | 'push' | 'webhook': which transport sends it. */
  channel: string;
  /**
   * Who it goes to (migration 0012): 'broker' (MAIL_TO, ALERT_SMS_TO), 'visitor' (the auto-reply),
   * 'invitee', 'user:<account id>' (a digest, a push to that account's devices),
   * 'webhook:<endpoint id>' ('webhook:env' for LEAD_WEBHOOK_URL).
   */
  recipient: Generated<string>;
  /**
   * JSON of what the channel sends, rendered when the notification was written (e-mail: a
   * NotificationMessage); for a lead's notifications sealed whole with SECRET_KEY instead
   * (`v1.…`, never starting with `{`; lib/notifications/sealed-payload.server.ts).
   */
  payload: string;
  /** 'waiting' | 'failing' | 'sent' | 'failed' | 'skipped' (see lib/notifications/types.ts). */
  status: string;
  attempts: Generated<number>;
  /** When the worker may try next; null once nothing is left to do. */
  next_attempt_at: string | null;
  /**
   * Until when a worker holds it (migration 0015): set by the claim, cleared when the attempt is
   * recorded. 'Retry now' and 'Resend' leave it alone while the time has not passed.
   */
  claimed_until: string | null;
  /**
   * The part of the payload kept sealed with SECRET_KEY (a link's token), which the payload holds
   * as SEALED_MARK (migration 0015); put back only when sending, and dropped once sent.
   */
  sealed_secret: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationAttemptsTable {
  id: string;
  notification_id: string;
  attempted_at: string;
  /** 'smtp' | 'emailjs' */
  transport: string;
  ok: number;
  error: string | null;
}

export interface PaymentsTable {
  id: string;
  checkout_session_id: string;
  payment_intent_id: string | null;
  /** 'standard' | 'jumbo' (the plan id the session was created for). */
  plan: string;
  /** In the currency's smallest unit (cents). */
  amount: number;
  currency: string;
  customer_email: string;
  customer_name: string;
  /** 'pending' (async payment under way) | 'paid' | 'failed'. */
  status: string;
  last_event_id: string;
  created_at: string;
  updated_at: string;
}

export interface PaymentEventsTable {
  /** Stripe's event id (evt_...). */
  id: string;
  type: string;
  checkout_session_id: string;
  received_at: string;
}

export interface CacheTagsTable {
  /** A cache tag (lib/cache/tags.ts). */
  tag: string;
  /** How many times the tag has expired; every instance expires it again when this grows. */
  version: number;
  expired_at: string;
}

/** One page view's value of one Web Vital (lib/vitals/); nothing about the visitor. */
export interface WebVitalsTable {
  /** Random per page view, made by the browser; only joins a view's later reports to its first. */
  view_id: string;
  /** LCP, INP, CLS, FCP or TTFB (lib/vitals/metrics.ts). */
  metric: string;
  path: string;
  /** mobile or desktop */
  device: string;
  /** The browser's effective connection type (4g, 3g, 2g, slow-2g) or unknown. */
  connection: string;
  /** The UTC day of the view's first report, YYYY-MM-DD. */
  day: string;
  /** Milliseconds, or the CLS score. */
  value: number;
  /** How many reports of the view have set this value. */
  reports: Generated<number>;
}

/** Web Vitals reports counted per sender and minute (lib/vitals/sender-limit.server.ts). */
export interface VitalsSendersTable {
  /** A hash of the sender's address with the minute: never the address. */
  sender: string;
  /** Minutes since 1970 (UTC). */
  minute: number;
  count: number;
}

/** An uploaded document (migration 0018, lib/documents/): its metadata; the content is in document_chunks. */
export interface DocumentsTable {
  id: string;
  /** Whose it is, opaque to the store (e.g. `loan-item:<id>`). */
  owner: string;
  /** The file name as uploaded, sealed with SECRET_KEY (context `document:<id>`): names can carry personal data. */
  name: string;
  /** 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/heic', from the file's first bytes. */
  content_type: string;
  /** Bytes of plaintext (0 while 'writing'). */
  size: number;
  /** The document's own AES-256-GCM key, sealed with SECRET_KEY (context `document-key:<id>`). */
  wrapped_key: string;
  /** The 8 random bytes that start every chunk's nonce (then the chunk's seq, 4 bytes big-endian). */
  nonce_prefix: Buffer;
  /** How many chunks the content has (0 while 'writing'); a chunk missing or added is noticed on reading. */
  chunk_count: number;
  /** 'unscanned' (no scanner configured) | 'clean' | 'quarantined'. */
  scan: string;
  /** The scanner's name for what it found, when quarantined. */
  scan_signature: string | null;
  /** Who uploaded it, as the caller names them (an account id, `borrower:<id>`). */
  uploaded_by: string;
  /** 'writing' while the chunks go in, 'complete' once the last is written. */
  state: string;
  created_at: string;
  /**
   * Where the chunks are (migration 0021): 'database' (document_chunks) or 's3' (objects
   * `documents/<id>/<seq>` in DOCUMENTS_S3_BUCKET). Set when the upload begins, never changed.
   */
  chunk_store: Generated<string>;
}

/** One encrypted 1 MiB piece of a document: AES-256-GCM ciphertext followed by its 16-byte tag. */
export interface DocumentChunksTable {
  document_id: string;
  /** 0, 1, ...: the chunk's place, bound into its nonce and associated data. */
  seq: number;
  /** SQLite blob / PostgreSQL bytea; both drivers return a Buffer. */
  data: Buffer;
}

/** A loan file opened from a lead (migration 0019, lib/loan-files/): the borrower, the property, the builder. */
export interface LoanFilesTable {
  id: string;
  /** The lead it was opened from (unique: one file per lead). */
  lead_id: string;
  /** Copied from the lead when the file is opened. */
  borrower_name: string;
  /** Trimmed and lower case: the portal's sign-in finds the file by this address. */
  borrower_email: string;
  borrower_phone: Generated<string>;
  property_address: Generated<string>;
  /** The builder, once known (the owner enters them); null until then. */
  builder_name: string | null;
  /** Where the builder's link goes, trimmed and lower case. */
  builder_email: string | null;
  builder_license: string | null;
  /** The milestone reached (lib/loan-files/milestones.ts): 'application-received', ..., 'draw-3', .... */
  milestone: string;
  /** SHA-256 of the builder link's token; null when there is none (or the builder's address changed). */
  builder_token_hash: string | null;
  /** When the borrower was last sent a reminder of their outstanding items (migration 0020); null: never. */
  borrower_reminded_at: string | null;
  /** When the builder was last sent a reminder of their outstanding items (migration 0020); null: never. */
  builder_reminded_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One document a loan file needs (migration 0019): the needs list. */
export interface LoanFileItemsTable {
  id: string;
  file_id: string;
  /** The needs-list template it came from (lib/loan-files/needs-list.ts); null when added by hand. */
  template_key: string | null;
  label: string;
  /** What is wanted, in words shown to the person who owes it. */
  note: Generated<string>;
  /** 'borrower' | 'builder': who is asked for it, and told when it is rejected. */
  owed_by: string;
  /** 'requested' | 'uploaded' | 'accepted' | 'rejected'. */
  state: string;
  /** Why it was rejected, as told to whoever owes it; null unless rejected. */
  reject_reason: string | null;
  /** The admin account that last accepted or rejected it; null until reviewed. */
  reviewed_by: string | null;
  /** When the document runs out, a UTC date YYYY-MM-DD (the builder's insurance certificate). */
  expires_on: string | null;
  /** Its place in the list, from 0. */
  position: number;
  /** When it was last in a reminder (migration 0020); null: never. The interval counts from here or its last change. */
  last_reminded_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Every milestone a loan file reached (migration 0019): the borrower's timeline, the time per stage. */
export interface LoanFileMilestonesTable {
  id: string;
  file_id: string;
  milestone: string;
  at: string;
  /** The admin account that set it; null for the system (the file's opening). */
  by_account: string | null;
}

/** A one-time sign-in link to the borrower's portal (migration 0019), valid 30 minutes. */
export interface PortalLinksTable {
  id: string;
  file_id: string;
  /** SHA-256 of the link's token: the token itself is only in the e-mail. */
  token_hash: string;
  /** SHA-256 of the address it was sent to (trimmed, lower case), what the per-address limit counts. */
  email_hash: string;
  expires_at: string;
  /** When it was used; a link works once. */
  used_at: string | null;
  created_at: string;
}

/** A borrower signed in to the portal (migration 0019), for 12 hours. */
export interface PortalSessionsTable {
  id: string;
  /** SHA-256 of the session cookie's token. */
  token_hash: string;
  file_id: string;
  expires_at: string;
  created_at: string;
}

/**
 * A passkey a signed-in borrower added to the portal (migration 0022): it signs in to its loan
 * file instead of an e-mailed link. A WebAuthn public key, never a secret.
 */
export interface PortalPasskeysTable {
  id: string;
  /** The loan file it signs in to. */
  file_id: string;
  /** The WebAuthn credential id, base64url (unique): what a sign-in looks up. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (bigint: pg returns it as a string); 0 for those that keep none. */
  counter: Generated<number | string>;
  /** JSON array of AuthenticatorTransport, handed back to the browser as a hint. */
  transports: Generated<string>;
  /** SHA-256 of the file's borrower address when it was added: it signs in only while that is still the address. */
  email_hash: string;
  /** The borrower's name for it ("My phone"), shown on the portal page. */
  name: string;
  created_at: string;
  /** The last sign-in with it; null until used. */
  last_used_at: string | null;
}

/**
 * A state license or registration of the broker (migration 0023, lib/licenses/). Removing one sets
 * `removed_at` and keeps the row, so the licenses page of a past day can be told (the ad archive).
 */
export interface StateLicensesTable {
  id: string;
  /** USPS code: a state, DC, PR, GU or VI (lib/licenses/us-states.ts). */
  state: string;
  /** The state's own name for it: 'Mortgage Broker License', 'Exempt registration'. */
  license_type: string;
  /** As the state writes it. */
  license_number: string;
  /** The agency that issued it. */
  regulator_name: string;
  /** The agency's https:// site; null when not given. */
  regulator_url: string | null;
  /** The notice the state requires on the website, word for word; '' for none entered. */
  notice: Generated<string>;
  created_at: string;
  /** The last edit (or the removal). */
  updated_at: string;
  /** When the owner removed it; null while it is held. */
  removed_at: string | null;
}

/** An ad-copy warning dismissed by the owner or an editor (migration 0024, lib/compliance/). */
export interface AdCopyDismissalsTable {
  /** The finding's key: rule, place and a hash of the claim's words (lib/compliance/ad-copy.ts). */
  key: string;
  /** The account that dismissed it. */
  dismissed_by: string;
  dismissed_at: string;
  /** Why, in the dismisser's words; null when none was given. */
  note: string | null;
}

/** A loan officer's public profile (migration 0025): /team/<slug>, and whom routing by state may choose. */
export interface OfficerProfilesTable {
  /** The account (admin_users.id) the profile is of: one each. */
  account_id: string;
  /** /team/<slug>: lower case letters, digits and hyphens, unique. */
  slug: string;
  display_name: string;
  title: Generated<string>;
  /** The NMLS unique identifier, digits only. */
  nmls_id: string;
  /** JSON array of the USPS codes of the states the officer is licensed in. */
  states: Generated<string>;
  /** JSON array of the languages the officer speaks. */
  languages: Generated<string>;
  phone: Generated<string>;
  bio: Generated<string>;
  /** The photo, a media row's id (lib/media); null: none. */
  photo_media_id: string | null;
  /** 1: shown on /team and in the sitemap. */
  published: Generated<number>;
  /** 1: away (the owner's setting): routing passes them by. */
  away: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Whose turn it is for each state's next lead (migration 0025): advanced in the lead's own transaction. */
export interface LeadRoutingTable {
  /** A USPS code. */
  state: string;
  /** The account the state's last lead went to. */
  last_account_id: string;
  /** How many of the state's leads were assigned by turn (migration 0026): the last lead's routing_turn. */
  turns: Generated<number>;
  updated_at: string;
}

/**
 * Consent to be contacted, given or withdrawn (migration 0027, lib/consent/): append-only, the
 * latest event of an address for a channel is its state.
 */
export interface ConsentEventsTable {
  id: string;
  /** 'email' | 'phone'. */
  address_kind: string;
  /** Normalized: an e-mail address trimmed and lower-cased, a phone number as E.164 (+12085550142). */
  address: string;
  /** 'email' | 'sms' | 'all' (e-mail, texts and calls). */
  channel: string;
  /** 'given' | 'withdrawn'. */
  event: string;
  /** How: 'unsubscribe-link' | 'list-unsubscribe-post' | 'sms-stop' | 'sms-start' | 'team'. */
  source: string;
  /** The lead it was recorded on (the team's records); null for a link or a text, and kept when the lead is deleted. */
  lead_id: string | null;
  /** The team's words about it; null when none. */
  note: string | null;
  /** Who recorded it: the account's label for the team's records, null for the person's own. */
  actor: string | null;
  at: string;
}

/**
 * A version of a source of the public pages (migration 0028, lib/archive/): the ad archive that
 * Regulation N (12 CFR 1014.5) asks for, kept 24 months. Written in the change's own transaction,
 * only when the source's state differs from its previous version.
 */
export interface ArchiveVersionsTable {
  id: string;
  /** 'content' | 'rates' | 'post' | 'licenses' | 'officers' (lib/archive/sources.ts). */
  source: string;
  /** Which one of the source: 'site' for the site-wide ones, a post's id, an officer's account id. */
  source_id: string;
  /** When this version went live: ISO time, strictly increasing per source. */
  at: string;
  /** JSON of the source's whole state after the change; 'null' when the change removed it. */
  document: string;
  /** SHA-256 of `document`, hex. */
  hash: string;
}

/**
 * A setting the owner entered in the admin (migration 0030, lib/settings/): mail, text messages,
 * the site's public address, and what the admin records about them (the last test e-mail that
 * went through). An environment variable, where set, wins over the row (lib/settings/fields.ts).
 */
export interface SiteSettingsTable {
  /** The setting's key, e.g. 'smtp.host', 'mail.test_succeeded_at' (lib/settings/fields.ts). */
  key: string;
  /** A plain value; null for a secret. */
  value: string | null;
  /** A secret (a password, a private key, an auth token) sealed with SECRET_KEY, bound to its key; null for a plain value. */
  sealed: string | null;
  updated_at: string;
  /** The account that saved it; null for what the system records itself. */
  updated_by: string | null;
}

/**
 * An item of the Overview's setup checklist the owner skipped (migration 0031,
 * lib/setup-checklist/): one row per item, deleted by 'Show again'.
 */
export interface SetupChecklistDismissalsTable {
  /** The item's id ('two-factor', 'backups', ...: lib/setup-checklist/items.ts). */
  item: string;
  /** The account that skipped it. */
  dismissed_by: string;
  dismissed_at: string;
}

export interface Database {
  cache_tags: CacheTagsTable;
  site_content: SiteContentTable;
  rates: RatesTable;
  posts: PostsTable;
  app_meta: AppMetaTable;
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  content_revisions: ContentRevisionsTable;
  media: MediaTable;
  post_redirects: PostRedirectsTable;
  leads: LeadsTable;
  notifications: NotificationsTable;
  notification_attempts: NotificationAttemptsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  web_vitals: WebVitalsTable;
  vitals_senders: VitalsSendersTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  auth_challenges: AuthChallengesTable;
  invites: InvitesTable;
  application_drafts: ApplicationDraftsTable;
  draft_resume_mails: DraftResumeMailsTable;
  activity_log: ActivityLogTable;
  lead_status_changes: LeadStatusChangesTable;
  lead_counts: LeadCountsTable;
  push_subscriptions: PushSubscriptionsTable;
  webhook_endpoints: WebhookEndpointsTable;
  page_views: PageViewsTable;
  page_view_ids: PageViewIdsTable;
  loan_files: LoanFilesTable;
  loan_file_items: LoanFileItemsTable;
  loan_file_milestones: LoanFileMilestonesTable;
  portal_links: PortalLinksTable;
  portal_sessions: PortalSessionsTable;
  portal_passkeys: PortalPasskeysTable;
  documents: DocumentsTable;
  document_chunks: DocumentChunksTable;
  state_licenses: StateLicensesTable;
  ad_copy_dismissals: AdCopyDismissalsTable;
  officer_profiles: OfficerProfilesTable;
  lead_routing: LeadRoutingTable;
  consent_events: ConsentEventsTable;
  archive_versions: ArchiveVersionsTable;
  site_settings: SiteSettingsTable;
  setup_checklist_dismissals: SetupChecklistDismissalsTable;
}

export type { Generated };
