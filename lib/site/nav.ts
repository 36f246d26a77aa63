/** The header's links (spec: Home, Rates, Blog, Free Ebook). */
export const mainNav = [
  { href: '/', label: 'Home' },
  { href: '/rates', label: 'Rates' },
  { href: '/blog', label: 'Blog' },
  { href: '/ebook', label: 'Free Ebook' },
] as const;

/** The footer's quick links add the calculators and Pricing on the home page. */
export const quickLinks = [
  ...mainNav,
  { href: '/calculators', label: 'Calculators' },
  { href: '/#pricing', label: 'Pricing' },
] as const;

export const services = ['Free Qualification', 'Expert Consultation', 'Document Preparation', 'Guaranteed Approval'] as const;

export function nmlsConsumerAccessUrl(nmlsId: string): string {
  return `https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/${encodeURIComponent(nmlsId)}`;
}

/** A loan officer's own NMLS Consumer Access record: the same page, for an individual (issue 31). */
export function nmlsIndividualUrl(nmlsId: string): string {
  return `https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/${encodeURIComponent(nmlsId)}`;
}
