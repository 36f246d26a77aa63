export interface Post {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitized on write; sanitize again before rendering. */
  bodyHtml: string;
  imageUrl: string | null;
  category: string;
  author: string;
  /** YYYY-MM-DD */
  publishedAt: string;
  /** Written by the owner ('Custom Post'), as opposed to shipped with the site ('Auto Post'). */
  isCustom: boolean;
  updatedAt: string;
}
