import type { ActivityAction } from './kinds';

/**
 * The kinds of entry the issue names (sign-ins, two-factor, edits, leads, exports, deletions,
 * team, settings), so the owner can filter the log by one of them instead of by a single action.
 * An action may sit in more than one group (deleting a lead is a lead action and a deletion).
 */
export const ACTIVITY_GROUPS = {
  'sign-ins': {
    label: 'Sign-ins and sessions',
    actions: ['sign_in', 'sign_in_failed', 'sign_out', 'session_ended'],
  },
  'two-factor': {
    label: 'Password and two-factor',
    actions: [
      'password_changed',
      'step_up',
      'two_factor_enabled',
      'two_factor_disabled',
      'recovery_codes_regenerated',
      'recovery_code_used',
      'passkey_added',
      'passkey_removed',
    ],
  },
  edits: {
    label: 'Content, rate and post edits',
    actions: [
      'content_updated',
      'content_restored',
      'media_uploaded',
      'rate_created',
      'rate_updated',
      'rate_deleted',
      'rates_reordered',
      'post_created',
      'post_updated',
      'post_deleted',
      'ad_copy_warning_dismissed',
      'officer_profile_created',
      'officer_profile_updated',
      'officer_profile_removed',
    ],
  },
  leads: {
    label: 'Leads',
    actions: [
      'lead_viewed',
      'lead_status_changed',
      'lead_notes_changed',
      'lead_assigned',
      'lead_follow_up_changed',
      'lead_not_spam',
      'lead_not_bot',
      'lead_do_not_contact',
      'lead_consent_given',
      'lead_deleted',
      'notification_retried',
      'webhook_resent',
    ],
  },
  'loan-files': {
    label: 'Loan files and documents',
    actions: [
      'loan_file_opened',
      'loan_file_builder_changed',
      'loan_file_builder_link_sent',
      'loan_file_item_added',
      'loan_file_item_accepted',
      'loan_file_item_rejected',
      'loan_file_milestone_changed',
      'loan_file_reminders_changed',
      'loan_file_templates_changed',
      'loan_file_settings_changed',
      'document_viewed',
      'document_downloaded',
      'documents_downloaded',
    ],
  },
  exports: {
    label: 'Exports',
    actions: [
      'leads_exported',
      'activity_exported',
      'privacy_exported',
      'documents_downloaded',
      'archive_viewed',
      'archive_exported',
    ],
  },
  deletions: {
    label: 'Deletions',
    actions: [
      'rate_deleted',
      'post_deleted',
      'lead_deleted',
      'privacy_deleted',
      'retention_purged',
      'account_removed',
      'webhook_deleted',
      'license_removed',
      'officer_profile_removed',
    ],
  },
  team: {
    label: 'Invitations and roles',
    actions: [
      'invite_sent',
      'invite_revoked',
      'invite_accepted',
      'role_changed',
      'account_removed',
      'officer_profile_created',
      'officer_profile_updated',
      'officer_profile_removed',
    ],
  },
  settings: {
    label: 'Settings',
    actions: [
      'settings_changed',
      'setup_item_skipped',
      'setup_items_shown_again',
      'loan_file_settings_changed',
      'loan_file_reminders_changed',
      'loan_file_templates_changed',
      'webhook_created',
      'webhook_enabled',
      'webhook_disabled',
      'webhook_deleted',
      'push_device_added',
      'push_device_removed',
      'license_added',
      'license_updated',
      'license_removed',
    ],
  },
} as const satisfies Record<string, { label: string; actions: readonly ActivityAction[] }>;

export type ActivityGroup = keyof typeof ACTIVITY_GROUPS;

export function isActivityGroup(value: unknown): value is ActivityGroup {
  return typeof value === 'string' && Object.hasOwn(ACTIVITY_GROUPS, value);
}
