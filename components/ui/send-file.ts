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

/** The person cancelled the upload: nothing to report as a failure. */
export class UploadCancelledError extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'UploadCancelledError';
  }
}

export const NOT_REACHED = 'The upload did not reach the server. Check your connection and try again.';

/**
 * Posts a file as the multipart field `file` and resolves with the answer's status and JSON body
 * (an empty object when the body is not JSON: a proxy's HTML error page). XMLHttpRequest rather
 * than fetch: only XHR reports upload progress (fetch's request streams give no sent-bytes events
 * and need HTTP/2 for a body stream). Rejects only when the request never got an answer.
 */
export function sendFile(
  url: string,
  file: File,
  { onProgress, signal }: UploadOptions = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadCancelledError());
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (done: () => void) => {
      signal?.removeEventListener('abort', onAbort);
      done();
    };

    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ sent: event.loaded, total: event.total });
    });
    xhr.addEventListener('abort', () => settle(() => reject(new UploadCancelledError())));
    xhr.addEventListener('error', () => settle(() => reject(new Error(NOT_REACHED))));
    xhr.addEventListener('load', () =>
      settle(() => {
        let body: Record<string, unknown> = {};
        try {
          const parsed: unknown = JSON.parse(xhr.responseText);
          if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
        } catch {
          // Not JSON: the status says what happened.
        }
        resolve({ status: xhr.status, body });
      }),
    );
    const form = new FormData();
    form.set('file', file);
    xhr.send(form);
  });
}
