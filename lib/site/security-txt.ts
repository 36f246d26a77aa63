/**
 * /.well-known/security.txt (RFC 9116): where to report a security problem with the site. The
 * contact is the site's e-mail address from the content, so it follows the owner's edits. RFC 9116
 * asks for an Expires less than a year ahead, so a stale file is noticed: it is computed when the
 * file is served, from the start of the current UTC day, so it is the same all day long.
 */

export const SECURITY_TXT_PATH = '/.well-known/security.txt';
const VALID_DAYS = 360;

export function securityTxt(options: { email: string; siteUrl: string; now: Date }): string {
  const today = Date.UTC(options.now.getUTCFullYear(), options.now.getUTCMonth(), options.now.getUTCDate());
  const expires = new Date(today + VALID_DAYS * 24 * 60 * 60 * 1000).toISOString().replace('.000Z', 'Z');
  return [
    `Contact: mailto:${options.email}`,
    `Expires: ${expires}`,
    'Preferred-Languages: en',
    `Canonical: ${options.siteUrl}${SECURITY_TXT_PATH}`,
    '',
  ].join('\n');
}
