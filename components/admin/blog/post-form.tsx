'use client';

import dynamic from 'next/dynamic';
import { useId, useState, useTransition } from 'react';
import { showToast } from '@/components/ui/toast-store';
import type { AdCopyFinding } from '@/lib/compliance/ad-copy';
import { createPostAction, updatePostAction } from '@/lib/posts/actions/posts';
import { MISSING_FIELDS, type PostInput } from '@/lib/posts/schema';
import type { Post } from '@/lib/posts/types';
import { AdCopyWarnings, adCopyToastNote } from '../ad-copy-warnings';
import { ImageField, inputClass, labelClass } from '../image-field';
import { useUnsavedChanges } from '../unsaved-changes';

// Tiptap is fetched only when a post is opened in the admin: it never reaches a public page.
const RichTextEditor = dynamic(() => import('./rich-text-editor'), {
  ssr: false,
  loading: () => <div className="min-h-60 rounded-md border border-slate-400 bg-white p-3 text-slate-600">Loading editor...</div>,
});

const today = () => new Date().toISOString().slice(0, 10);

export function toPostInput(post: Post | null): PostInput {
  return post
    ? {
        title: post.title,
        excerpt: post.excerpt,
        bodyHtml: post.bodyHtml,
        imageUrl: post.imageUrl ?? '',
        category: post.category,
        author: post.author,
        date: post.publishedAt,
      }
    : {
        title: '',
        excerpt: '',
        bodyHtml: '',
        imageUrl: '',
        category: 'Construction Loans',
        author: 'Construction Loan Pros',
        date: today(),
      };
}

const hasText = (html: string) => html.replace(/<[^>]*>/g, '').trim().length > 0 || /<img\b/i.test(html);

/** 'Add New Post' and editing a custom post (spec section 2, Blog). */
export function PostForm({
  post,
  onDone,
  adCopy = [],
  onDismissed = () => {},
}: {
  post: Post | null;
  /** Back to the list; a saved post comes with its ad-copy warnings (issue 31). */
  onDone: (saved: Post | null, adCopy?: AdCopyFinding[]) => void;
  /** This post's ad-copy warnings not dismissed, shown as it opens. */
  adCopy?: AdCopyFinding[];
  onDismissed?: (key: string) => void;
}) {
  const [initial] = useState(() => toPostInput(post));
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, startTransition] = useTransition();
  const id = useId();
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedChanges('blog', dirty);
  const set = (key: keyof PostInput) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!draft.title.trim() || !hasText(draft.bodyHtml)) {
      setErrors({
        ...(draft.title.trim() ? {} : { title: 'A title is required.' }),
        ...(hasText(draft.bodyHtml) ? {} : { bodyHtml: 'Content is required.' }),
      });
      showToast({ title: MISSING_FIELDS.title, description: MISSING_FIELDS.message, variant: 'error' });
      return;
    }
    startTransition(async () => {
      const result = post ? await updatePostAction({ ...draft, id: post.id }) : await createPostAction(draft);
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        showToast({ title: result.title, description: result.error, variant: 'error' });
        return;
      }
      const description = `${result.message ?? ''}${adCopyToastNote(result.data.adCopy)}`;
      showToast({ title: result.title, description, variant: 'success' });
      onDone(result.data.post, result.data.adCopy);
    });
  }

  function cancel() {
    if (dirty && !window.confirm('Discard the changes to this post?')) return;
    onDone(null);
  }

  const field = (key: 'title' | 'category' | 'author' | 'date', label: string, type = 'text') => (
    <div>
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type={type}
        className={inputClass}
        value={draft[key]}
        onChange={(e) => set(key)(e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="mt-1 text-sm text-red-800">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-brand-900 text-xl font-semibold">{post ? 'Edit Post' : 'Add New Post'}</h2>
      <AdCopyWarnings findings={adCopy} onDismissed={onDismissed} heading="Advertising claims in this post" headingLevel={3} />
      {field('title', 'Post Title')}
      <div>
        <label htmlFor={`${id}-excerpt`} className={labelClass}>
          Post Excerpt
        </label>
        <textarea
          id={`${id}-excerpt`}
          rows={2}
          className={inputClass}
          value={draft.excerpt}
          onChange={(e) => set('excerpt')(e.target.value)}
        />
      </div>
      <div>
        <span id={`${id}-content-label`} className={labelClass}>
          Post Content
        </span>
        <div className="mt-1">
          <RichTextEditor initialHtml={initial.bodyHtml} onChange={set('bodyHtml')} labelledBy={`${id}-content-label`} />
        </div>
        {errors.bodyHtml && <p className="mt-1 text-sm text-red-800">{errors.bodyHtml}</p>}
      </div>
      <ImageField label="Post Image" value={draft.imageUrl} onChange={set('imageUrl')} error={errors.imageUrl} />
      <div className="grid gap-4 sm:grid-cols-3">
        {field('category', 'Category')}
        {field('author', 'Author')}
        {field('date', 'Date', 'date')}
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={cancel}
          className="rounded-md border border-slate-400 bg-white px-4 py-2 font-medium hover:bg-slate-100"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={pending}
          className="bg-brand-700 hover:bg-brand-800 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-70"
        >
          {pending ? 'Saving...' : post ? 'Save Changes' : 'Add Post'}
        </button>
      </div>
    </form>
  );
}
