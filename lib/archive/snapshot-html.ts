/**
 * Turns a page the server rendered into a snapshot that stands alone in a ZIP: the stylesheets
 * written into the page, the scripts taken out (a snapshot is read, not run), and a base address,
 * so images and links resolve against the live site. Our own HTML only (Next's output): never a
 * visitor's.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const LINK = /<link\b[^>]*>/gi;

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

const isStylesheet = (tag: string) => attribute(tag, 'rel')?.toLowerCase() === 'stylesheet';
/** Links that fetch scripts or warm connections: of no use in a snapshot. */
const isScriptHint = (tag: string) =>
  /^(?:preload|modulepreload|prefetch|preconnect|dns-prefetch)$/i.test(attribute(tag, 'rel') ?? '');

/** The stylesheets a page links, as written (site-relative as Next writes them). */
export function stylesheetHrefs(html: string): string[] {
  const hrefs = (html.match(LINK) ?? []).filter(isStylesheet).map((tag) => attribute(tag, 'href'));
  return [...new Set(hrefs.filter((href): href is string => !!href))];
}

/**
 * The page with each linked stylesheet replaced by its text (`stylesheets`, by href; one not
 * given stays linked), no script, and `<base href>` to the site's address.
 */
export function standaloneSnapshot(html: string, options: { stylesheets: ReadonlyMap<string, string>; baseUrl: string }): string {
  const base = `<base href="${escapeHtml(options.baseUrl.replace(/\/*$/, '/'))}">`;
  return html
    .replace(SCRIPT, '')
    .replace(LINK, (tag) => {
      if (isScriptHint(tag)) return '';
      const css = isStylesheet(tag) ? options.stylesheets.get(attribute(tag, 'href') ?? '') : undefined;
      // `</style` inside the text would end the element early.
      return css === undefined ? tag : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    })
    .replace(/<head\b[^>]*>/i, (head) => `${head}${base}`);
}
