/**
 * A profile's address, /team/<slug>: lower case ASCII words joined by hyphens, at most 80
 * characters (the column's size). Derived from the officer's name unless the owner types one.
 */

export const SLUG_MAX = 80;

/** What a slug may be: words of a-z and 0-9, one hyphen between them. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isOfficerSlug(value: unknown): value is string {
  return typeof value === 'string' && value.length <= SLUG_MAX && SLUG_PATTERN.test(value);
}

/** 'José Núñez-Smith' → 'jose-nunez-smith'; a name with no ASCII letter or digit gives 'officer'. */
export function slugFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug || 'officer';
}

/** The slug with `-n` after it (n ≥ 2), cut so the whole still fits: 'jane-doe' → 'jane-doe-2'. */
export function numberedSlug(base: string, n: number): string {
  if (n < 2) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
}
