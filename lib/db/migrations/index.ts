import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_auth';
import * as m0003 from './0003_leads';
import * as m0004 from './0004_admin_content';
import * as m0005 from './0005_leads_admin';
import * as m0006 from './0006_payments';
import * as m0007 from './0007_notifications_outbox';
import * as m0008 from './0008_cache_tags';
import * as m0009 from './0009_rate_type';
import * as m0010 from './0010_web_vitals';
import * as m0011 from './0011_accounts';
import * as m0012 from './0012_speed_to_lead';
import * as m0013 from './0013_drafts';
import * as m0014 from './0014_possible_bot';
import * as m0015 from './0015_outbox_claims_and_sealed_tokens';
import * as m0016 from './0016_sign_in_throttle';
import * as m0017 from './0017_draft_mails';
import * as m0018 from './0018_documents';
import * as m0019 from './0019_loan_files';
import * as m0020 from './0020_loan_file_reminders';
import * as m0021 from './0021_document_chunk_store';
import * as m0022 from './0022_portal_passkeys';
import * as m0023 from './0023_state_licenses';
import * as m0024 from './0024_ad_copy_dismissals';
import * as m0025 from './0025_officer_profiles';
import * as m0026 from './0026_lead_routing_by_state';
import * as m0027 from './0027_consent_events';
import * as m0028 from './0028_archive_versions';
import * as m0029 from './0029_lead_search_indexes';
import * as m0030 from './0030_site_settings';
import * as m0031 from './0031_setup_checklist_dismissals';
import * as m0032 from './0032_outbox_due_by_channel';
import * as m0033 from './0033_leads_fewer_indexes';

/**
 * Every migration, in order. Listed statically (not read from disk) so the bundled server and
 * the command-line tools run exactly the same set. Names never change once released.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_auth': m0002,
  '0003_leads': m0003,
  '0004_admin_content': m0004,
  '0005_leads_admin': m0005,
  '0006_payments': m0006,
  '0007_notifications_outbox': m0007,
  '0008_cache_tags': m0008,
  '0009_rate_type': m0009,
  '0010_web_vitals': m0010,
  '0011_accounts': m0011,
  '0012_speed_to_lead': m0012,
  '0013_drafts': m0013,
  '0014_possible_bot': m0014,
  '0015_outbox_claims_and_sealed_tokens': m0015,
  '0016_sign_in_throttle': m0016,
  '0017_draft_mails': m0017,
  '0018_documents': m0018,
  '0019_loan_files': m0019,
  '0020_loan_file_reminders': m0020,
  '0021_document_chunk_store': m0021,
  '0022_portal_passkeys': m0022,
  '0023_state_licenses': m0023,
  '0024_ad_copy_dismissals': m0024,
  '0025_officer_profiles': m0025,
  '0026_lead_routing_by_state': m0026,
  '0027_consent_events': m0027,
  '0028_archive_versions': m0028,
  '0029_lead_search_indexes': m0029,
  '0030_site_settings': m0030,
  '0031_setup_checklist_dismissals': m0031,
  '0032_outbox_due_by_channel': m0032,
  '0033_leads_fewer_indexes': m0033,
};
