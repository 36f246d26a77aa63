/**
 * What a visitor reads of a text the editors store: a post's HTML or a title's <span> without
 * its tags and entities, curly apostrophes as straight ones, so the checker's patterns meet the
 * words as they read. Not a sanitizer: nothing here is ever shown as HTML.
 */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: "'",
  lsquo: "'",
  ldquo: '"',
  rdquo: '"',
  ndash: '–',
  mdash: '—',
  hellip: '…',
};

function decodeEntity(entity: string, name: string): string {
  if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? entity;
  const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : Number(name.slice(1));
  // A code point out of Unicode's range reads as a space rather than throwing.
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
}

export function plainText(text: string): string {
  return (
    text
      // A block's end is a break between sentences, so a claim never runs across two paragraphs.
      .replace(/<\/(?:p|li|h[1-6]|div|blockquote|td|th|tr)>|<br\s*\/?>/gi, '\n')
      .replace(/<[^<>]*>/g, '')
      .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, decodeEntity)
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      // Every run of spaces as one, every run of breaks as one (in linear time).
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n\s*/g, '\n')
  );
}
