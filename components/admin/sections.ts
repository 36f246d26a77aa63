/** The dashboard's sections: the spec's tabs (Site Content, Rates, Blog, Leads, Security), Payments and Site Speed. */
export const ADMIN_SECTIONS = [
  { href: '/admin/content', label: 'Site Content' },
  { href: '/admin/rates', label: 'Rates' },
  { href: '/admin/blog', label: 'Blog' },
  { href: '/admin/leads', label: 'Leads' },
  { href: '/admin/payments', label: 'Payments' },
  { href: '/admin/vitals', label: 'Site Speed' },
  { href: '/admin/security', label: 'Security' },
] as const;

export type AdminSectionLabel = (typeof ADMIN_SECTIONS)[number]['label'];

/** A section page's title: the section, then the dashboard. */
export const sectionTitle = (label: AdminSectionLabel) => `${label} | Admin Dashboard | Construction Loan Pros`;
