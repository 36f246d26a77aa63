'use client';

import { useId, useState } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { labelClass } from '../image-field';
import { PDF_MAX_BYTES } from '@/lib/media/sniff';
import { UploadProgress } from '../upload-progress';
import { useUpload } from '../use-upload';

/** The ebook PDF behind the ebook page's download button. */
export function PdfField({ value, onChange }: { value: string | undefined; onChange: (id: string | undefined) => void }) {
  const id = useId();
  const { state, busy, upload: send, cancel } = useUpload('pdf');
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setError(null);
    try {
      const stored = await send(file);
      if (!stored) return;
      onChange(stored.id);
      showToast({ title: '✅ PDF Uploaded', description: 'Save your changes to offer it for download.', variant: 'success' });
    } catch (e) {
      const text = e instanceof Error ? e.message : String(e);
      setError(text);
      showToast({ title: '❌ Upload Failed', description: text, variant: 'error' });
    }
  }

  return (
    <div className="sm:col-span-2">
      <span className={labelClass}>Ebook PDF</span>
      <p className="mt-1 text-sm text-slate-700" data-testid="ebook-pdf-status">
        {value ? (
          <>
            A PDF is attached (
            <a className="text-brand-700 underline" href={`/media/${value}.pdf`} target="_blank" rel="noreferrer">
              open it
            </a>
            ).
          </>
        ) : (
          'No PDF uploaded yet: the download button has nothing to offer.'
        )}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <label className="focus-within:ring-brand-700 inline-flex cursor-pointer items-center rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium focus-within:ring-2 hover:bg-slate-100">
          {busy ? 'Uploading...' : value ? 'Replace PDF' : 'Upload PDF'}
          <input
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            disabled={busy}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {value && (
          <button
            type="button"
            className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm"
            onClick={() => onChange(undefined)}
          >
            Remove PDF
          </button>
        )}
      </div>
      {state && <UploadProgress state={state} onCancel={cancel} />}
      <p className="mt-1 text-xs text-slate-600">A PDF file, up to {PDF_MAX_BYTES / 1024 / 1024} MB.</p>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
