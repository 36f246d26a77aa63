'use client';

import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { useUpload } from '@/components/admin/use-upload';
import { showToast } from '@/components/ui/toast-store';
import { updateContentFieldAction } from '@/lib/content/actions/inline-edit';
import { getTextAt, setTextAt } from '@/lib/content/paths';
import type { SiteContent } from '@/lib/content/schema';
import { applyContent, applyValue, decorate, editableImages, injectStyles, undecorate } from './dom';
import { ImageOverlays } from './image-overlays';
import { InlineEditor, type EditTarget } from './inline-editor';

const STORAGE_KEY = 'clp-edit-mode';

/**
 * Inline edit mode for the signed-in owner (spec sections 2 and 4), loaded by EditModeLoader
 * only after the server confirmed the session. The floating button toggles it; while on, every
 * marked text is editable in place and every edit is saved at once as a content revision.
 */
export function EditMode() {
  const pathname = usePathname();
  const [on, setOn] = useState(() => sessionStorage.getItem(STORAGE_KEY) === '1');
  const [content, setContent] = useState<SiteContent | null>(null);
  const [target, setTarget] = useState<EditTarget | null>(null);
  const [images, setImages] = useState<HTMLImageElement[]>([]);
  const [busyPath, setBusyPath] = useState<string | null>(null);
  const upload = useUpload('image');
  const [, setLayoutTick] = useState(0);

  const toggle = () => {
    sessionStorage.setItem(STORAGE_KEY, on ? '0' : '1');
    setTarget(null);
    setOn(!on);
  };

  // Edit what is stored now, not the copy of the page this browser holds.
  useEffect(() => {
    if (!on) return;
    let live = true;
    fetch('/api/admin/content', { cache: 'no-store' })
      .then(async (response) => {
        const body = (await response.json()) as { content?: SiteContent; error?: string };
        if (!live) return;
        if (!body.content) throw new Error(body.error ?? 'The content could not be loaded.');
        applyContent((path) => getTextAt(body.content, path));
        setContent(body.content);
      })
      .catch((error: unknown) => showToast({ title: '❌ Edit Mode Unavailable', description: String(error), variant: 'error' }));
    return () => {
      live = false;
    };
  }, [on, pathname]);

  // Decorate the page's marked texts (again after navigation or a refresh from the server).
  useEffect(() => {
    if (!on || !content) return;
    injectStyles();
    document.documentElement.dataset.editing = '';
    let frame = 0;
    const refresh = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        decorate();
        setImages(editableImages());
        setLayoutTick((n) => n + 1);
      });
    };
    refresh();
    const observer = new MutationObserver(refresh);
    observer.observe(document.getElementById('main') ?? document.body, { childList: true, subtree: true });
    const resize = new ResizeObserver(refresh);
    resize.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      resize.disconnect();
      undecorate();
      delete document.documentElement.dataset.editing;
      setImages([]);
    };
  }, [on, content]);

  const open = useCallback(
    (anchor: HTMLElement, path: string, multiline: boolean) => {
      const value = getTextAt(content, path);
      if (value !== undefined) setTarget({ anchor, path, value, multiline });
    },
    [content],
  );

  const onSaved = useCallback((path: string, value: string) => {
    setContent((current) => (current && setTextAt(current, path, value)) ?? current);
    applyValue(path, value);
  }, []);

  // Clicks and Enter/Space on a marked text open the editor instead of following a link or button.
  useEffect(() => {
    if (!on) return;
    const activate = (event: Event) => {
      const item = (event.target as Element | null)?.closest?.<HTMLElement>('[data-edit-path]');
      if (!item?.dataset.editPath) return;
      if (event instanceof KeyboardEvent && (event.target !== item || (event.key !== 'Enter' && event.key !== ' '))) return;
      event.preventDefault();
      event.stopPropagation();
      open(item, item.dataset.editPath, item.dataset.editMultiline !== undefined || item.dataset.editHtml !== undefined);
    };
    // On window, capturing: ahead of React's own listeners on the document, so the link or button
    // around a text (a hero button's label) neither navigates nor opens its modal.
    window.addEventListener('click', activate, true);
    window.addEventListener('keydown', activate, true);
    return () => {
      window.removeEventListener('click', activate, true);
      window.removeEventListener('keydown', activate, true);
    };
  }, [on, open]);

  function onEditorDone(value: string | null, how: 'key' | 'blur') {
    const current = target;
    setTarget(null);
    if (!current) return;
    if (how === 'key') current.anchor.focus();
    if (value !== null && value !== current.value)
      void saveEdit({ path: current.path, value, previous: current.value, kind: 'text' }, onSaved).then(() => {
        if (how === 'key') keepFocusOn(current.anchor, current.path);
      });
  }

  async function onFile(image: HTMLImageElement, file: File) {
    const path = image.dataset.editImage;
    const previous = path && getTextAt(content, path);
    if (!path || previous === undefined || !previous) return;
    setBusyPath(path);
    try {
      const stored = await upload.upload(file);
      if (stored) await saveEdit({ path, value: stored.url, previous, kind: 'image' }, onSaved);
    } catch (error) {
      showToast({
        title: '❌ Upload Failed',
        description: error instanceof Error ? error.message : String(error),
        variant: 'error',
      });
    } finally {
      setBusyPath(null);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={toggle}
        aria-pressed={on}
        className="fixed bottom-4 left-4 z-[70] rounded-full bg-orange-700 px-5 py-3 font-semibold text-white shadow-lg hover:bg-orange-800 focus-visible:ring-4 focus-visible:ring-blue-700 focus-visible:outline-none"
      >
        {on ? 'Exit Edit Mode' : 'Enter Edit Mode'}
      </button>
      {on && content && (
        <ImageOverlays
          images={images}
          busyPath={busyPath}
          progress={upload.state?.percent ?? null}
          onCancel={upload.cancel}
          onFile={(image, file) => void onFile(image, file)}
          onEditAlt={(image) => image.dataset.editAlt && open(image, image.dataset.editAlt, false)}
        />
      )}
      {on && target && <InlineEditor key={target.path} target={target} onDone={onEditorDone} />}
    </>
  );
}

interface Edit {
  path: string;
  value: string;
  /** The stored value the owner saw: the server refuses the edit if it changed meanwhile. */
  previous: string;
  kind: 'text' | 'image';
  undo?: boolean;
}

/** Saves one edit; on success shows the spec's toast with an 'Undo' that saves the old value back. */
async function saveEdit(edit: Edit, onSaved: (path: string, value: string) => void): Promise<void> {
  const { path, value, previous, kind, undo = false } = edit;
  let result: Awaited<ReturnType<typeof updateContentFieldAction>>;
  try {
    result = await updateContentFieldAction({ path, value, previous, undo });
  } catch {
    result = { ok: false, title: '❌ Not Saved', error: 'The change did not reach the server. Check your connection.' };
  }
  if (!result.ok) {
    showToast({ title: result.title, description: result.error, variant: 'error' });
    return;
  }
  const saved = result.data.value;
  onSaved(path, saved);
  if (undo) {
    showToast({ title: 'Edit Undone', description: 'The previous value is back on the site.', variant: 'success' });
    return;
  }
  showToast({
    title: kind === 'image' ? 'Image Updated' : 'Content Updated',
    description: 'Visitors see the change on their next visit.',
    variant: 'success',
    action: {
      label: 'Undo',
      onClick: () => void saveEdit({ path, value: previous, previous: saved, kind, undo: true }, onSaved),
    },
  });
}

/**
 * The page refresh that follows a save can drop focus to the body; a keyboard user who saved
 * with Enter gets it back on the item (or its re-rendered replacement).
 */
function keepFocusOn(anchor: HTMLElement, path: string): void {
  const restore = () => {
    if (document.activeElement && document.activeElement !== document.body) return;
    const item = anchor.isConnected ? anchor : document.querySelector<HTMLElement>(`[data-edit-path="${path}"]`);
    item?.focus();
  };
  restore();
  for (const delay of [50, 250, 600]) setTimeout(restore, delay);
}
