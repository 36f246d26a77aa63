import 'server-only';
import sanitizeHtml from 'sanitize-html';
import { looksLikeEmail, normalizeLinkHref } from './links';

/**
 * Stored HTML is written by the admin but shown to every visitor, so it is cleaned on every write
 * and again before every render: a forged request or an old row can never inject script.
 */

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** The hero title: inline emphasis only. */
export function sanitizeInlineHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['span', 'strong', 'em', 'b', 'i', 'u', 'mark', 'br'],
    allowedAttributes: { span: ['class'] },
    allowedClasses: { span: ['text-accent', 'highlight'] },
    disallowedTagsMode: 'discard',
  });
}

/**
 * A blog post body, as the rich-text editor produces it. The sanitizer runs last, so what is
 * stored is its own output: safe for any reader of the column (the page, an RSS feed, an e-mail),
 * not only for a page that cleans it again.
 */
export function sanitizeArticleHtml(html: string): string {
  return cleanArticle(mailtoEmailLinks(html));
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The editor's rule, again on the server: a link without an address whose text is an e-mail address gets mailto:. */
function mailtoEmailLinks(html: string): string {
  return html.replace(/<a((?: (?!href=)[a-z-]+="[^"]*")*)>([^<]+)<\/a>/g, (whole, attrs: string, text: string) =>
    looksLikeEmail(text) && !text.includes('&')
      ? `<a href="${escapeAttribute(`mailto:${text.trim()}`)}"${attrs}>${text}</a>`
      : whole,
  );
}

function cleanArticle(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'h1',
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'hr',
      'ul',
      'ol',
      'li',
      'blockquote',
      'pre',
      'code',
      'strong',
      'em',
      'b',
      'i',
      'u',
      's',
      'a',
      'img',
    ],
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: LINK_SCHEMES,
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    // Nothing survives that could carry CSS or script: no style, no on* handlers, no iframes.
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs) => {
        // Only links leaving the site open a new tab, and they never get window.opener.
        const { rel: _rel, target: _target, href: rawHref, ...others } = attribs;
        // Spec section 5: http, https, mailto and tel only, anything else a blank address.
        const href = normalizeLinkHref(rawHref ?? '');
        const rest: Record<string, string> = href ? { ...others, href } : others;
        const external = /^https?:\/\//i.test(rest.href ?? '');
        return { tagName, attribs: external ? { ...rest, rel: 'noopener noreferrer', target: '_blank' } : rest };
      },
    },
  });
}
