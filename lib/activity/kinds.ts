/**
 * Every kind of entry the activity log holds (issue 17: what the Safeguards Rule asks a broker to
 * monitor), with the label the Security area shows. Plain data, shared by the log's writers, its
 * filters and its CSV export.
 */
export const ACTIVITY_ACTIONS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in failed',
  sign_out: 'Signed out',
  session_ended: 'Session signed out',
  password_changed: 'Password changed',
  step_up: 'Confirmed identity',
  two_factor_enabled: 'Two-factor turned on',
  two_factor_disabled: 'Two-factor turned off',
  recovery_codes_regenerated: 'Recovery codes regenerated',
  recovery_code_used: 'Recovery code used',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  push_device_added: 'Lead alerts turned on for a device',
  push_device_removed: 'Lead alerts turned off for a device',
  content_updated: 'Site content edited',
  content_restored: 'Site content restored',
  media_uploaded: 'File uploaded',
  rate_created: 'Rate added',
  rate_updated: 'Rate edited',
  rate_deleted: 'Rate deleted',
  rates_reordered: 'Rates reordered',
  post_created: 'Post created',
  post_updated: 'Post edited',
  post_deleted: 'Post deleted',
  lead_viewed: 'Lead opened',
  lead_status_changed: 'Lead status changed',
  lead_notes_changed: 'Lead notes changed',
  lead_assigned: 'Lead assigned',
  lead_follow_up_changed: 'Lead follow-up date changed',
  lead_not_spam: 'Lead marked not spam',
  lead_not_bot: 'Lead marked not a bot',
  lead_deleted: 'Lead deleted',
  notification_retried: 'Notification retried',
  leads_exported: 'Leads exported',
  activity_exported: 'Activity log exported',
  privacy_exported: "Person's data exported",
  privacy_deleted: "Person's data deleted",
  retention_purged: 'Expired data deleted',
  invite_sent: 'Invitation sent',
  invite_revoked: 'Invitation revoked',
  invite_accepted: 'Invitation accepted',
  role_changed: 'Role changed',
  account_removed: 'Account removed',
  settings_changed: 'Settings changed',
  webhook_created: 'Webhook endpoint added',
  webhook_enabled: 'Webhook endpoint turned on',
  webhook_disabled: 'Webhook endpoint turned off',
  webhook_deleted: 'Webhook endpoint deleted',
  webhook_resent: 'Webhook resent',
} as const;

export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

export function isActivityAction(value: unknown): value is ActivityAction {
  return typeof value === 'string' && Object.hasOwn(ACTIVITY_ACTIONS, value);
}
