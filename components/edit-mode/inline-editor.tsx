'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { describePath, overlayBox } from './dom';

export interface EditTarget {
  path: string;
  /** The element the editor is drawn over and gives focus back to. */
  anchor: HTMLElement;
  value: string;
  multiline: boolean;
}

/**
 * The in-place field (spec: Enter saves a single-line value, leaving the field saves, Escape
 * cancels). Drawn over the text in a portal, so the page's own markup is never rebuilt.
 */
export function InlineEditor({
  target,
  onDone,
}: {
  target: EditTarget;
  onDone: (value: string | null, how: 'key' | 'blur') => void;
}) {
  const id = useId();
  const [value, setValue] = useState(target.value);
  const done = useRef(false);
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const box = overlayBox(target.anchor, 280);

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  function finish(result: string | null, how: 'key' | 'blur') {
    if (done.current) return;
    done.current = true;
    onDone(result, how);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      finish(null, 'key');
    } else if (event.key === 'Enter' && (!target.multiline || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      finish(value, 'key');
    }
  }

  const common = {
    id,
    ref: field,
    value,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
    onKeyDown,
    onBlur: () => finish(value, 'blur'),
    'aria-describedby': `${id}-hint`,
    className:
      'block w-full rounded-md border-2 border-orange-700 bg-white px-2 py-1 text-base font-normal text-slate-900 focus:ring-2 focus:ring-blue-700 focus:outline-none',
  };

  return createPortal(
    <div
      data-inline-editor=""
      className="absolute z-[60] rounded-lg bg-white p-2 shadow-xl ring-1 ring-slate-300"
      style={{ top: box.top - 8, left: box.left - 8, width: box.width + 16 }}
    >
      <label htmlFor={id} className="mb-1 block text-xs font-semibold text-slate-700">
        Edit {describePath(target.path)}
      </label>
      {target.multiline ? (
        <textarea rows={Math.min(8, Math.max(3, Math.ceil(value.length / 50)))} {...common} />
      ) : (
        <input type="text" {...common} />
      )}
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {target.multiline ? 'Ctrl+Enter or leave the field to save' : 'Enter or leave the field to save'}, Escape to cancel.
      </p>
    </div>,
    document.body,
  );
}
