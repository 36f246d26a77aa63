'use client';

import { useId, useState } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { IMAGE_MAX_BYTES } from '@/lib/media/sniff';
import { IMAGE_ACCEPT } from './upload';
import { UploadProgress } from './upload-progress';
import { useUpload } from './use-upload';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700';
export const labelClass = 'block text-sm font-medium text-slate-800';

/**
 * An image setting: a preview, an upload button (the file is checked, re-encoded and stored on
 * the server) and the resulting address, which may also be an https:// address typed in.
 */
export function ImageField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
}) {
  const id = useId();
  const { state, busy, upload: send, cancel } = useUpload('image');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const message = uploadError ?? error;

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    try {
      const stored = await send(file);
      if (!stored) return;
      onChange(stored.url);
      showToast({ title: '✅ Image Uploaded', description: 'Save your changes to publish it.', variant: 'success' });
    } catch (e) {
      const text = e instanceof Error ? e.message : String(e);
      setUploadError(text);
      showToast({ title: '❌ Upload Failed', description: text, variant: 'error' });
    }
  }

  return (
    <div className="sm:col-span-2">
      <span className={labelClass} id={`${id}-label`}>
        {label}
      </span>
      <div className="mt-1 flex flex-wrap items-start gap-4">
        {value && (
          // eslint-disable-next-line @next/next/no-img-element -- an admin preview of any address
          <img src={value} alt="" className="h-20 w-28 rounded border border-slate-300 bg-slate-100 object-cover" />
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <label className="focus-within:ring-brand-700 inline-flex cursor-pointer items-center rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium focus-within:ring-2 hover:bg-slate-100">
            {busy ? 'Uploading...' : 'Upload image'}
            <input
              type="file"
              accept={IMAGE_ACCEPT}
              className="sr-only"
              disabled={busy}
              aria-describedby={message ? `${id}-error` : undefined}
              onChange={(e) => {
                void upload(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          <label htmlFor={`${id}-url`} className="block text-xs text-slate-700">
            {label} address
          </label>
          <input
            id={`${id}-url`}
            className={inputClass}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
          />
          {state && <UploadProgress state={state} onCancel={cancel} />}
        </div>
      </div>
      <p className="text-xs text-slate-600">PNG, JPEG, GIF, WebP, BMP or ICO, up to {IMAGE_MAX_BYTES / 1024 / 1024} MB.</p>
      {message && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-800">
          {message}
        </p>
      )}
    </div>
  );
}
