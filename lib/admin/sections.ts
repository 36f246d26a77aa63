import { can, type Permission, type Role } from '../auth/roles';

/**
 * The dashboard's sections: the Overview at /admin (issue 18), the spec's tabs (Site Content,
 * Rates, Blog, Leads, Security), Licenses and the Ad archive (issue 31: the owner's, beside the
 * other public pages' sections), Loan Files (issue 30), Payments, Site Speed, Integrations (text
 * alerts and webhooks), Settings (issue 33: mail, texts, the site's address), and My Account for
 * the team (the owner's own account lives in Security).
 * Each names the permission its page checks, so the navigation offers a role only what it may open.
 */
export const ADMIN_SECTIONS = [
  { href: '/admin', label: 'Overview', permission: 'leads' },
  { href: '/admin/content', label: 'Site Content', permission: 'content' },
  { href: '/admin/rates', label: 'Rates', permission: 'content' },
  { href: '/admin/blog', label: 'Blog', permission: 'content' },
  { href: '/admin/licenses', label: 'Licenses', permission: 'security' },
  { href: '/admin/archive', label: 'Ad archive', permission: 'security' },
  { href: '/admin/leads', label: 'Leads', permission: 'leads' },
  { href: '/admin/loan-files', label: 'Loan Files', permission: 'leads' },
  { href: '/admin/payments', label: 'Payments', permission: 'payments' },
  { href: '/admin/vitals', label: 'Site Speed', permission: 'vitals' },
  { href: '/admin/integrations', label: 'Integrations', permission: 'security' },
  { href: '/admin/settings', label: 'Settings', permission: 'security' },
  { href: '/admin/security', label: 'Security', permission: 'security' },
  { href: '/admin/account', label: 'My Account', permission: 'account' },
] as const satisfies readonly { href: string; label: string; permission: Permission }[];

export type AdminSection = (typeof ADMIN_SECTIONS)[number];
export type AdminSectionLabel = AdminSection['label'];

/** The sections a role sees: those it may open, and My Account only for those without Security. */
export function sectionsFor(role: Role): AdminSection[] {
  return ADMIN_SECTIONS.filter(
    (section) => can(role, section.permission) && !(section.href === '/admin/account' && can(role, 'security')),
  );
}

/** The dashboard's home: the Overview for a role that sees leads, otherwise its first section. */
export const ADMIN_HOME = '/admin';

/** Whether a path is the section's page or one below it; the Overview is /admin alone. */
export function inSection(href: string, path: string): boolean {
  return path === href || (href !== ADMIN_HOME && path.startsWith(`${href}/`));
}

/** Where /admin sends a role without the Overview: the first section it may open. */
export function firstSectionFor(role: Role): string {
  return sectionsFor(role).find((section) => section.href !== ADMIN_HOME)?.href ?? '/admin/account';
}

/** A section page's title: the section, then the dashboard. */
export const sectionTitle = (label: AdminSectionLabel) => `${label} | Admin Dashboard | Construction Loan Pros`;
