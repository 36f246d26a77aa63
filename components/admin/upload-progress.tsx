'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { UploadState } from './use-upload';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The progress of an upload: a bar with the percent sent and a Cancel button. Large files from a
 * phone take a while: the owner sees it move and can stop it. The file button that started the
 * upload is disabled meanwhile, so keyboard focus it loses goes to Cancel, and back when done.
 */
export function UploadProgress({ state, onCancel }: { state: UploadState; onCancel: () => void }) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  // Read while rendering: by the effect, the browser may already have moved focus off the disabled button.
  const [before] = useState(() => document.activeElement);

  useEffect(() => {
    const lost = document.activeElement === document.body || (before as HTMLInputElement | null)?.disabled;
    if (!lost) return;
    cancel.current?.focus();
    return () => {
      if (document.activeElement === document.body && before instanceof HTMLElement) before.focus();
    };
  }, [before]);

  return (
    <div className="mt-2 flex flex-wrap items-center gap-3" data-testid="upload-progress">
      <div className="min-w-48 flex-1">
        <p id={`${id}-label`} className="truncate text-sm text-slate-800">
          {state.sent ? `Checking ${state.name}...` : `Uploading ${state.name} (${megabytes(state.size)})`}
        </p>
        <div className="mt-1 flex items-center gap-2">
          <progress
            className="accent-brand-700 h-2 w-full"
            max={100}
            value={state.percent}
            aria-labelledby={`${id}-label`}
            aria-valuetext={`${state.percent}% sent`}
          />
          <span className="w-20 shrink-0 text-right text-sm text-slate-800 tabular-nums" data-testid="upload-percent">
            {state.percent}% sent
          </span>
        </div>
      </div>
      <button
        ref={cancel}
        type="button"
        onClick={onCancel}
        className="focus-visible:ring-brand-700 rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:ring-2 focus-visible:outline-none"
      >
        Cancel upload
      </button>
    </div>
  );
}
