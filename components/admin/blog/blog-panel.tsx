'use client';

import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, useTransition } from 'react';
import { showToast } from '@/components/ui/toast-store';
import type { AdCopyFinding } from '@/lib/compliance/ad-copy';
import { deletePostAction } from '@/lib/posts/actions/posts';
import type { Post } from '@/lib/posts/types';
import { formatLongDate } from '@/lib/site/format';
import { AdCopyWarnings } from '../ad-copy-warnings';
import { PostForm } from './post-form';

type View = { mode: 'list' } | { mode: 'edit'; post: Post | null };

const ofPost = (id: string) => (finding: AdCopyFinding) => finding.path.startsWith(`posts.${id}.`);

/**
 * Blog tab: the post list (custom posts editable) and the post editor, with the ad-copy checker's
 * warnings of every post (issue 31) above the list and a post's own in its editor.
 */
export function BlogPanel({ initial, adCopy: initialAdCopy }: { initial: Post[]; adCopy: AdCopyFinding[] }) {
  const [posts, setPosts] = useState(initial);
  const [adCopy, setAdCopy] = useState(initialAdCopy);
  const dismissed = (key: string) => setAdCopy((list) => list.filter((finding) => finding.key !== key));
  const [view, setView] = useState<View>({ mode: 'list' });
  const [pending, startTransition] = useTransition();

  if (view.mode === 'edit') {
    return (
      <PostForm
        key={view.post?.id ?? 'new'}
        post={view.post}
        adCopy={view.post ? adCopy.filter(ofPost(view.post.id)) : []}
        onDismissed={dismissed}
        onDone={(saved, findings = []) => {
          if (saved) {
            setAdCopy((list) => [...list.filter((finding) => !ofPost(saved.id)(finding)), ...findings]);
            // New custom posts go to the top (spec); an edited one keeps its place.
            setPosts((list) =>
              list.some((p) => p.id === saved.id) ? list.map((p) => (p.id === saved.id ? saved : p)) : [saved, ...list],
            );
          }
          setView({ mode: 'list' });
        }}
      />
    );
  }

  const remove = (post: Post) => {
    if (!window.confirm(`Delete “${post.title}”? This cannot be undone.`)) return;
    startTransition(async () => {
      const result = await deletePostAction({ id: post.id });
      if (!result.ok) return void showToast({ title: result.title, description: result.error, variant: 'error' });
      setPosts((list) => list.filter((p) => p.id !== post.id));
      setAdCopy((list) => list.filter((finding) => !ofPost(post.id)(finding)));
      showToast({ title: result.title, description: result.message, variant: 'success' });
    });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-brand-900 text-xl font-semibold">Blog Posts</h2>
        <button
          type="button"
          onClick={() => setView({ mode: 'edit', post: null })}
          className="bg-brand-700 hover:bg-brand-800 inline-flex items-center gap-2 rounded-md px-4 py-2 font-semibold text-white"
        >
          <Plus aria-hidden="true" className="size-4" /> Add New Post
        </button>
      </div>
      <AdCopyWarnings findings={adCopy} onDismissed={dismissed} headingLevel={3} />
      {/* Spec: the list area is capped at 60% of the viewport height. */}
      <div
        className="max-h-[60vh] overflow-y-auto rounded-xl border border-slate-200 bg-white"
        data-testid="post-list"
        tabIndex={0}
        aria-label="Blog posts"
        role="region"
      >
        {posts.length === 0 ? (
          <p className="p-6 text-slate-700">No posts yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {posts.map((post) => (
              <li key={post.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="post-row">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{post.title}</p>
                  <p className="text-sm text-slate-700">
                    {formatLongDate(post.publishedAt)} · /blog/{post.slug} ·{' '}
                    <span className={post.isCustom ? 'font-medium text-green-800' : 'font-medium text-slate-700'}>
                      {post.isCustom ? 'Custom Post' : 'Auto Post'}
                    </span>
                  </p>
                </div>
                {post.isCustom && (
                  <div className="flex gap-2">
                    <button
                      type="button"
                      onClick={() => setView({ mode: 'edit', post })}
                      aria-label={`Edit ${post.title}`}
                      className="inline-flex items-center gap-1 rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
                    >
                      <Pencil aria-hidden="true" className="size-4" /> Edit
                    </button>
                    <button
                      type="button"
                      disabled={pending}
                      onClick={() => remove(post)}
                      aria-label={`Delete ${post.title}`}
                      className="inline-flex items-center gap-1 rounded-md border border-red-700 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50"
                    >
                      <Trash2 aria-hidden="true" className="size-4" /> Delete
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
