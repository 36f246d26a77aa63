import type { ActivityDetail } from './format';

/**
 * An activity log entry as the Security area lists it, apart from the query that reads it
 * (queries.server.ts), so the table component imports no server module.
 */

export interface ActivityLogEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  target: string;
  detail: ActivityDetail;
  ip: string;
}
