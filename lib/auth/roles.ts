/**
 * Who may do what in the admin (issue 17). Every admin page, Server Action and route handler names
 * the permission it needs; a session whose role lacks it gets 403, whatever the navigation shows.
 * Plain data, so the navigation can hide what a role cannot open.
 */
export const ROLES = ['owner', 'editor', 'loan_officer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  editor: 'Editor',
  loan_officer: 'Loan officer',
};

export type Permission =
  /** Site Content, inline editing, uploads, Rates, Blog. */
  | 'content'
  /** The Leads list, a lead's details, its status and notes. */
  | 'leads'
  /** The CSV export of leads and of the activity log. */
  | 'export'
  | 'payments'
  /** Site Speed (the visitors' Web Vitals). */
  | 'vitals'
  /** Team, two-factor policy, retention, activity log, privacy requests. */
  | 'security'
  /** One's own password, second factors and sessions: every account. */
  | 'account';

const GRANTS: Record<Role, readonly Permission[]> = {
  owner: ['content', 'leads', 'export', 'payments', 'vitals', 'security', 'account'],
  editor: ['content', 'vitals', 'account'],
  loan_officer: ['leads', 'account'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function can(role: string, permission: Permission): boolean {
  return isRole(role) && GRANTS[role].includes(permission);
}
