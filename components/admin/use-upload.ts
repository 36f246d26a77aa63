'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '@/components/ui/toast-store';
import { UploadCancelledError, uploadMedia } from './upload';

/** An upload under way: the file's name and size, the whole percent sent, and whether all of it left. */
export interface UploadState {
  name: string;
  size: number;
  percent: number;
  /** Every byte is sent: the server is checking and storing the file, too late to cancel. */
  sent: boolean;
}

/**
 * One upload at a time with its progress and a cancel. `upload` resolves with the stored file, or
 * null when the owner cancelled (a toast says so); a refusal rejects with the server's message.
 * Leaving the page (unmount) cancels the request.
 */
export function useUpload(kind: 'image' | 'pdf') {
  const [state, setState] = useState<UploadState | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(
    async (file: File) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ name: file.name, size: file.size, percent: 0, sent: false });
      try {
        return await uploadMedia(file, kind, {
          signal: current.signal,
          onProgress: ({ sent, total }) => {
            // Whole percents only: a render per progress event would be dozens a second.
            const percent = Math.min(100, Math.floor((sent / total) * 100));
            setState((s) =>
              s && (s.percent !== percent || sent >= total !== s.sent) ? { ...s, percent, sent: sent >= total } : s,
            );
          },
        });
      } catch (error) {
        if (!(error instanceof UploadCancelledError)) throw error;
        showToast({ title: 'Upload Cancelled', description: `${file.name} was not uploaded.`, variant: 'info' });
        return null;
      } finally {
        if (controller.current === current) {
          controller.current = null;
          setState(null);
        }
      }
    },
    [kind],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { state, busy: state !== null, upload, cancel };
}
