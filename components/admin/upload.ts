/** What an upload reports while its bytes leave the browser. */
export interface UploadTick {
  /** Bytes of the request body sent so far (the multipart framing included). */
  sent: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: (tick: UploadTick) => void;
  /** Aborting cancels the request; the promise then rejects with an `UploadCancelledError`. */
  signal?: AbortSignal;
}

/** The owner cancelled the upload: nothing to report as a failure. */
export class UploadCancelledError extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelledError';
  }
}

const NOT_REACHED = 'The upload did not reach the server. Check your connection and try again.';

/**
 * Sends a file to POST /api/admin/media; resolves with its id and URL or rejects with the
 * server's message. XMLHttpRequest rather than fetch: only XHR reports upload progress
 * (fetch's request streams give no sent-bytes events and need HTTP/2 for a body stream).
 */
export function uploadMedia(
  file: File,
  kind: 'image' | 'pdf',
  { onProgress, signal }: UploadOptions = {},
): Promise<{ id: string; url: string }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadCancelledError());
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (done: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      done();
    };

    xhr.open('POST', `/api/admin/media?kind=${kind}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ sent: event.loaded, total: event.total });
    });
    xhr.addEventListener('abort', () => settle(() => reject(new UploadCancelledError())));
    xhr.addEventListener('error', () => settle(() => reject(new Error(NOT_REACHED))));
    xhr.addEventListener('load', () =>
      settle(() => {
        let result: { id?: string; url?: string; error?: string } = {};
        try {
          result = JSON.parse(xhr.responseText) as typeof result;
        } catch {
          // A proxy's HTML error page: the status below says what happened.
        }
        if (xhr.status >= 200 && xhr.status < 300 && result.url && result.id) resolve({ id: result.id, url: result.url });
        else reject(new Error(result.error ?? `The upload failed (HTTP ${xhr.status}).`));
      }),
    );
    const body = new FormData();
    body.set('file', file);
    xhr.send(body);
  });
}

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/bmp,image/x-icon,image/vnd.microsoft.icon,.ico,.bmp';
