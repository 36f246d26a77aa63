'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { sendFile, UploadCancelledError, NOT_REACHED } from '@/components/ui/send-file';
import { useHydrated } from '@/components/ui/use-hydrated';
import { DOCUMENT_INPUT_ACCEPT, DOCUMENT_MAX_BYTES } from '@/lib/documents/types';
import { isUploadOutcome, UPLOAD_OUTCOMES, type UploadOutcome } from '@/lib/loan-files/portal-paths';
import { byteSize } from '@/lib/ui/byte-size';

type Message = { tone: 'ok' | 'error'; text: string };

const messageOf = (outcome: UploadOutcome): Message => ({
  tone: outcome === 'ok' ? 'ok' : 'error',
  text: UPLOAD_OUTCOMES[outcome],
});

/**
 * One item's upload. Without JavaScript it is a plain multipart form: the browser posts the file and
 * the server sends it back to the page with the outcome (`outcome`, from the page's query). With
 * JavaScript the same form sends the file itself, so the person sees it leave (a progress bar and a
 * Cancel button), and a "Take a photo" button opens the phone's camera for a paper document.
 */
export function UploadForm({
  action,
  itemId,
  label,
  outcome,
}: {
  /** The upload endpoint, without the item. */
  action: string;
  itemId: string;
  label: string;
  /** The outcome of the last plain-form upload of this item, when the page came back with one. */
  outcome: UploadOutcome | null;
}) {
  const id = useId();
  const router = useRouter();
  const url = `${action}?item=${encodeURIComponent(itemId)}`;
  // False in the server's HTML (the camera button needs a script), true once hydrated.
  const scripted = useHydrated();
  const [progress, setProgress] = useState<{ name: string; size: number; percent: number } | null>(null);
  const [message, setMessage] = useState<Message | null>(outcome ? messageOf(outcome) : null);
  const fileInput = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page cancels an upload under way.
  useEffect(() => () => controller.current?.abort(), []);

  async function send(file: File) {
    // Refused here at once rather than after minutes of sending over a phone's connection.
    if (file.size > DOCUMENT_MAX_BYTES) return setMessage(messageOf('too-large'));
    if (file.size === 0) return setMessage(messageOf('empty'));
    const current = new AbortController();
    controller.current = current;
    setMessage(null);
    setProgress({ name: file.name, size: file.size, percent: 0 });
    try {
      const { status, body } = await sendFile(url, file, {
        signal: current.signal,
        onProgress: ({ sent, total }) => {
          const percent = Math.min(100, Math.floor((sent / total) * 100));
          setProgress((shown) => (shown && shown.percent !== percent ? { ...shown, percent } : shown));
        },
      });
      if (status === 401) {
        setMessage({ tone: 'error', text: 'Your sign-in has ended. Reload the page to sign in again; your file was not sent.' });
        return;
      }
      const answered = isUploadOutcome(body.outcome) ? body.outcome : 'failed';
      setMessage(messageOf(answered));
      if (answered === 'ok') {
        if (fileInput.current) fileInput.current.value = '';
        router.refresh();
      }
    } catch (error) {
      setMessage(
        error instanceof UploadCancelledError
          ? { tone: 'error', text: `${file.name} was not sent.` }
          : { tone: 'error', text: NOT_REACHED },
      );
    } finally {
      if (controller.current === current) controller.current = null;
      setProgress(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!file) return setMessage(messageOf('missing'));
    void send(file);
  }

  const busy = progress !== null;
  const button =
    'focus-visible:ring-brand-700 rounded-md px-4 py-2 font-semibold focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-70';
  return (
    <form method="post" action={url} encType="multipart/form-data" onSubmit={onSubmit} className="mt-3 space-y-2">
      <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-900">
        Choose a file for “{label}” (PDF, JPEG or PNG, up to 25 MB)
      </label>
      <input
        ref={fileInput}
        id={`${id}-file`}
        type="file"
        name="file"
        accept={DOCUMENT_INPUT_ACCEPT}
        disabled={busy}
        className="block w-full text-sm text-slate-900 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:text-slate-900"
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={`bg-brand-700 hover:bg-brand-800 text-white ${button}`}>
          Send file
        </button>
        {scripted && (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() => photoInput.current?.click()}
              className={`border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 ${button}`}
            >
              Take a photo
            </button>
            <input
              ref={photoInput}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void send(file);
              }}
            />
          </>
        )}
      </div>
      {progress && (
        <div className="flex flex-wrap items-center gap-3" data-testid="portal-upload-progress">
          <div className="min-w-48 flex-1">
            <p id={`${id}-progress`} className="truncate text-sm text-slate-800">
              Sending {progress.name} ({byteSize(progress.size)})
            </p>
            <progress
              className="accent-brand-700 h-2 w-full"
              max={100}
              value={progress.percent}
              aria-labelledby={`${id}-progress`}
              aria-valuetext={`${progress.percent}% sent`}
            />
          </div>
          <button
            type="button"
            onClick={() => controller.current?.abort()}
            className={`border border-slate-400 bg-white text-sm text-slate-900 hover:bg-slate-100 ${button}`}
          >
            Cancel
          </button>
        </div>
      )}
      <p role="status" className={`min-h-5 text-sm font-medium ${message?.tone === 'ok' ? 'text-green-800' : 'text-red-800'}`}>
        {message?.text ?? ''}
      </p>
    </form>
  );
}
