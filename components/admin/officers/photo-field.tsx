'use client';

import { useId, useState } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { IMAGE_MAX_BYTES } from '@/lib/media/sniff';
import { labelClass } from '../image-field';
import { IMAGE_ACCEPT } from '../upload';
import { UploadProgress } from '../upload-progress';
import { useUpload } from '../use-upload';

/**
 * A profile's photo (the owner's form): uploaded to the media library like the content editor's
 * images (checked, re-encoded and stored by /api/admin/media), kept as the upload's id in a hidden
 * field, saved with the profile. 'Remove photo' leaves the profile with its initials.
 */
export function PhotoField({
  initial,
  error,
  name,
}: {
  initial: { id: string; url: string } | null;
  error?: string;
  name: string;
}) {
  const id = useId();
  const [photo, setPhoto] = useState(initial);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const { state, busy, upload, cancel } = useUpload('image');
  const message = uploadError ?? error;

  async function choose(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    try {
      const stored = await upload(file);
      if (!stored) return;
      setPhoto(stored);
      showToast({ title: '✅ Photo Uploaded', description: 'Save the profile to show it.', variant: 'success' });
    } catch (e) {
      const text = e instanceof Error ? e.message : String(e);
      setUploadError(text);
      showToast({ title: '❌ Upload Failed', description: text, variant: 'error' });
    }
  }

  return (
    <div>
      <span className={labelClass} id={`${id}-label`}>
        Photo of {name || 'the officer'}
      </span>
      <input type="hidden" name="photoMediaId" value={photo?.id ?? ''} />
      <div className="mt-1 flex flex-wrap items-center gap-4">
        {photo ? (
          // eslint-disable-next-line @next/next/no-img-element -- an admin preview of an upload
          <img src={photo.url} alt="" className="size-20 rounded-full border border-slate-300 object-cover" />
        ) : (
          <span className="text-sm text-slate-700">No photo: the site shows the initials.</span>
        )}
        <label className="focus-within:ring-brand-700 inline-flex cursor-pointer items-center rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium focus-within:ring-2 hover:bg-slate-100">
          {busy ? 'Uploading...' : photo ? 'Replace photo' : 'Upload photo'}
          <input
            type="file"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            disabled={busy}
            aria-describedby={message ? `${id}-error` : `${id}-hint`}
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {photo && (
          <button
            type="button"
            onClick={() => setPhoto(null)}
            className="rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-100"
          >
            Remove photo
          </button>
        )}
      </div>
      {state && <UploadProgress state={state} onCancel={cancel} />}
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        A head-and-shoulders photo, shown round. PNG, JPEG, GIF, WebP, BMP or ICO, up to {IMAGE_MAX_BYTES / 1024 / 1024} MB.
      </p>
      {message && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-800">
          {message}
        </p>
      )}
    </div>
  );
}
