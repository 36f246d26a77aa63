import type { DraftStep } from './draft-values';

/**
 * What the admin's components show of saved drafts, apart from drafts.server.ts.
 */

/** A saved draft as the admin lists it: no field values, only who and how far. */
export interface UnfinishedApplication {
  id: string;
  email: string;
  step: DraftStep;
  consent: boolean;
  updatedAt: string;
  expiresAt: string;
}
