'use client';

import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Eraser,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { LINK_PROTOCOLS, looksLikeEmail, normalizeLinkHref } from '@/lib/html/links';
import { IMAGE_ACCEPT } from '../upload';
import { UploadProgress } from '../upload-progress';
import { useUpload } from '../use-upload';

/**
 * The blog's rich-text editor (Tiptap). Loaded only inside the admin's Blog tab (next/dynamic),
 * so no public page ever downloads it. History follows the spec's editor: 100 undo steps, typing
 * within one second grouped into one step.
 */
export default function RichTextEditor({
  initialHtml,
  onChange,
  labelledBy,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  labelledBy: string;
}) {
  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        undoRedo: { depth: 100, newGroupDelay: 1000 },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: [...LINK_PROTOCOLS],
          defaultProtocol: 'https',
          isAllowedUri: (url) => normalizeLinkHref(url) !== '',
        },
      }),
      Image.configure({ inline: false }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        'aria-labelledby': labelledBy,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'article-body min-h-60 max-w-none px-3 py-2 focus:outline-none',
      },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? '' : editor.getHTML()),
  });

  if (!editor)
    return <div className="min-h-60 rounded-md border border-slate-400 bg-white p-3 text-slate-600">Loading editor...</div>;
  return (
    <div className="focus-within:ring-brand-700 rounded-md border border-slate-400 bg-white focus-within:ring-2">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function ToolButton({
  icon: Icon,
  label,
  active,
  onClick,
  disabled,
}: {
  icon: LucideIcon;
  label: string;
  active?: boolean;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()} // keep the editor's selection
      onClick={onClick}
      className="aria-pressed:bg-brand-50 aria-pressed:text-brand-900 rounded p-2 text-slate-800 hover:bg-slate-100 disabled:opacity-40"
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkValue, setLinkValue] = useState('');
  const [linkMessage, setLinkMessage] = useState('');
  const upload = useUpload('image');
  const fileRef = useRef<HTMLInputElement>(null);
  const linkId = useId();
  const chain = () => editor.chain().focus();

  function openLink() {
    const current = editor.getAttributes('link').href as string | undefined;
    const { from, to } = editor.state.selection;
    const text = editor.state.doc.textBetween(from, to, ' ').trim();
    // The spec's rule: selected text that is an e-mail address becomes a mailto: link.
    setLinkValue(current ?? (looksLikeEmail(text) ? `mailto:${text}` : ''));
    setLinkMessage('');
    setLinkOpen(true);
  }

  function applyLink() {
    const raw = linkValue.trim();
    if (!raw) {
      chain().extendMarkRange('link').unsetLink().run();
      setLinkOpen(false);
      return;
    }
    const href = normalizeLinkHref(raw);
    if (!href) {
      // Only http, https, mailto and tel: anything else leaves the address blank.
      setLinkValue('');
      setLinkMessage('Only http, https, mailto and tel addresses are allowed, so the address was left blank.');
      chain().extendMarkRange('link').unsetLink().run();
      return;
    }
    chain().extendMarkRange('link').setLink({ href }).run();
    setLinkOpen(false);
  }

  async function insertImage(file: File | undefined) {
    if (!file) return;
    try {
      const stored = await upload.upload(file);
      if (stored) chain().setImage({ src: stored.url, alt: '' }).run();
    } catch (e) {
      showToast({ title: '❌ Upload Failed', description: e instanceof Error ? e.message : String(e), variant: 'error' });
    }
  }

  return (
    <div className="border-b border-slate-300">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-0.5 p-1">
        <ToolButton
          icon={Heading1}
          label="Heading 1"
          active={editor.isActive('heading', { level: 1 })}
          onClick={() => chain().toggleHeading({ level: 1 }).run()}
        />
        <ToolButton
          icon={Heading2}
          label="Heading 2"
          active={editor.isActive('heading', { level: 2 })}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton
          icon={Heading3}
          label="Heading 3"
          active={editor.isActive('heading', { level: 3 })}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <ToolButton icon={Bold} label="Bold" active={editor.isActive('bold')} onClick={() => chain().toggleBold().run()} />
        <ToolButton
          icon={Italic}
          label="Italic"
          active={editor.isActive('italic')}
          onClick={() => chain().toggleItalic().run()}
        />
        <ToolButton
          icon={Underline}
          label="Underline"
          active={editor.isActive('underline')}
          onClick={() => chain().toggleUnderline().run()}
        />
        <ToolButton
          icon={Strikethrough}
          label="Strike"
          active={editor.isActive('strike')}
          onClick={() => chain().toggleStrike().run()}
        />
        <ToolButton
          icon={ListOrdered}
          label="Ordered list"
          active={editor.isActive('orderedList')}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          icon={List}
          label="Bullet list"
          active={editor.isActive('bulletList')}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton icon={Link2} label="Link" active={editor.isActive('link')} onClick={openLink} />
        <ToolButton
          icon={ImagePlus}
          label={upload.busy ? 'Uploading image...' : 'Image'}
          disabled={upload.busy}
          onClick={() => fileRef.current?.click()}
        />
        <ToolButton icon={Eraser} label="Clear formatting" onClick={() => chain().unsetAllMarks().clearNodes().run()} />
        <ToolButton icon={Undo2} label="Undo" disabled={!editor.can().undo()} onClick={() => chain().undo().run()} />
        <ToolButton icon={Redo2} label="Redo" disabled={!editor.can().redo()} onClick={() => chain().redo().run()} />
        <input
          ref={fileRef}
          type="file"
          accept={IMAGE_ACCEPT}
          className="hidden"
          aria-label="Image file for the post body"
          onChange={(e) => {
            void insertImage(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      {upload.state && (
        <div className="border-t border-slate-200 px-2 pb-2">
          <UploadProgress state={upload.state} onCancel={upload.cancel} />
        </div>
      )}
      {linkOpen && (
        <div className="flex flex-wrap items-end gap-2 border-t border-slate-200 p-2">
          <div className="min-w-48 flex-1">
            <label htmlFor={linkId} className="block text-sm font-medium text-slate-800">
              Link address
            </label>
            <input
              id={linkId}
              className="mt-1 block w-full rounded-md border border-slate-400 px-2 py-1"
              value={linkValue}
              placeholder="https://, mailto: or tel:"
              autoFocus
              onChange={(e) => setLinkValue(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  applyLink();
                } else if (e.key === 'Escape') setLinkOpen(false);
              }}
            />
          </div>
          <button
            type="button"
            onClick={applyLink}
            className="bg-brand-700 rounded-md px-3 py-1.5 text-sm font-semibold text-white"
          >
            Apply Link
          </button>
          <button
            type="button"
            onClick={() => setLinkOpen(false)}
            className="rounded-md border border-slate-400 px-3 py-1.5 text-sm"
          >
            Close
          </button>
          {linkMessage && (
            <p role="alert" className="w-full text-sm text-red-800">
              {linkMessage}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
