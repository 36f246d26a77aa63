import type { Role } from '../auth/roles';
import type { NotificationStatus } from '../notifications/types';

/**
 * What the admin's components show of invitations, apart from invites.server.ts that reads them.
 */

export interface PendingInvite {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  /** The invitation e-mail's delivery state (null once deleted or never written). */
  delivery: NotificationStatus | null;
}
