import type { Role } from './roles';

/**
 * What the admin's components show of accounts, apart from the server modules that read them.
 */

/** Admin accounts as the Security area lists them. */
export interface AccountSummary {
  id: string;
  email: string | null;
  name: string;
  role: Role;
  createdAt: string;
  twoFactor: boolean;
}
