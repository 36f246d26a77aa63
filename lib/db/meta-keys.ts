/** Keys of the app_meta table, named once. */
export const MetaKey = {
  /** When the first-start seed ran; its presence makes the seed a no-op. */
  seededAt: 'seeded_at',
  /** The last change to any rate, deletions included (the rates page's 'Last updated'). */
  ratesChangedAt: 'rates_changed_at',
  /** 'Keep leads for' N months after their last activity (lib/retention/settings.server.ts). */
  leadRetentionMonths: 'lead_retention_months',
  /** The UTC day (YYYY-MM-DD) the daily retention job last ran: its claim (lib/retention/daily-claim.server.ts). */
  retentionRunDay: 'retention_run_day',
  /** The UTC day the follow-up digests were last queued: their claim (lib/leads/pipeline/digest.server.ts). */
  digestRunDay: 'digest_run_day',
  /** '1' when every account must have a second factor (Security, 'Require two-factor for every account'). */
  requireTwoFactor: 'require_two_factor',
  /** The web push (VAPID) key pair, JSON; the private key sealed with SECRET_KEY (lib/push/vapid-keys.server.ts). */
  vapidKeys: 'vapid_keys',
  /** Remind outstanding loan file items every N days; '0' turns reminders off (lib/loan-files/reminder-settings.server.ts). */
  loanFileReminderDays: 'loan_file_reminder_days',
  /** '1' when every new application opens its loan file at once (lib/loan-files/open-on-application.server.ts). */
  openLoanFileOnApplication: 'open_loan_file_on_application',
  /** JSON: the owner's edits of the needs list's templates and the milestones' names (lib/loan-files/template-overrides.server.ts). */
  loanFileTemplates: 'loan_file_templates',
  /** When customer information stored before sealing was sealed at rest (lib/setup/seal-at-rest.server.ts); its presence skips the pass. */
  sealedAtRest: 'sealed_at_rest',
  /** A fingerprint of the SECRET_KEY the recovery codes were last retired for (lib/auth/two-factor/retire-recovery-codes.server.ts). */
  recoveryCodesKey: 'recovery_codes_key',
  /** JSON { count, at }: leads migration 0014 brought back from spam, until the owner dismisses the notice. */
  spamMovedBack: 'spam_moved_back',
  /** When the last `npm run db:backup` that succeeded started (its file's time), ISO (lib/db/backup/last-backup.server.ts). */
  lastBackupAt: 'last_backup_at',
} as const;
