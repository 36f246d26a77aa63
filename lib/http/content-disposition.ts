/**
 * A Content-Disposition header naming a file (RFC 6266): `filename*` carries the name as it is,
 * UTF-8 and percent-encoded (RFC 8187), and `filename` an ASCII stand-in for the clients that
 * read only that one. The name may be anything a visitor's browser sent, so neither form can end
 * the parameter early or start another: quotes, backslashes, semicolons and line breaks are
 * encoded or replaced.
 */

export type Disposition = 'inline' | 'attachment';

/** RFC 8187's attr-char: what may stand unencoded in `filename*`. */
const encoded = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The name in printable ASCII: accents dropped (é → e), anything else `_`. `%` too, which some
 * clients decode in `filename`, and the quote and backslash that would end the quoted string.
 */
export function asciiFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
    .trim();
  return ascii.replace(/^[_.\s]*$/, '') === '' ? 'document' : ascii;
}

export function contentDisposition(disposition: Disposition, name: string): string {
  return `${disposition}; filename="${asciiFileName(name)}"; filename*=UTF-8''${encoded(name)}`;
}
