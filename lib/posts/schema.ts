import { z } from 'zod';

export const MISSING_FIELDS = { title: '❌ Missing Fields', message: 'Please provide a title and content for the post.' };

/** The blog editor's fields; the same schema checks the form and the Server Action. */
export const postInputSchema = z.object({
  title: z.string().trim().min(1, { error: MISSING_FIELDS.message }).max(200),
  excerpt: z.string().trim().max(500, { error: 'The excerpt is at most 500 characters.' }),
  /** HTML from the editor; 'empty' means no text once the tags are gone. */
  bodyHtml: z
    .string()
    .max(200_000, { error: 'The post is too long.' })
    .refine((html) => html.replace(/<[^>]*>/g, '').trim().length > 0 || /<img\b/i.test(html), { error: MISSING_FIELDS.message }),
  imageUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || (v.startsWith('/') && !v.startsWith('//')) || /^https:\/\//.test(v), {
      error: 'Use an uploaded image or an https:// address.',
    }),
  category: z.string().trim().min(1, { error: 'Category is required.' }).max(80),
  author: z.string().trim().min(1, { error: 'Author is required.' }).max(80),
  date: z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' }),
});

export type PostInput = z.infer<typeof postInputSchema>;

/** URL slug from a title: lower case ASCII words joined by hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'post';
}
