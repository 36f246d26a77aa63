/**
 * The portal's addresses, shared by the pages that link to them and the server that answers them.
 * Uploads go to the server's own endpoint (server/portal-upload.ts), not through Next: a document
 * of up to 25 MB is streamed to the store as it arrives, never held whole in memory.
 */
export const PORTAL_PATH = '/portal';
export const PORTAL_UPLOAD_PATH = '/api/portal/documents';
/** The builder's pages and uploads: `/portal/builder/<token>`, `/api/portal/builder/<token>/documents`. */
export const BUILDER_PAGE_PREFIX = '/portal/builder/';
export const BUILDER_UPLOAD_PREFIX = '/api/portal/builder/';

export const builderPagePath = (token: string) => `${BUILDER_PAGE_PREFIX}${token}`;
export const builderUploadPath = (token: string) => `${BUILDER_UPLOAD_PREFIX}${token}/documents`;

/** Who posts an upload, read from its path: the borrower (by session cookie) or a builder (by link token). */
export function uploaderOfPath(path: string): { who: 'borrower' } | { who: 'builder'; token: string } | null {
  if (path === PORTAL_UPLOAD_PATH) return { who: 'borrower' };
  const builder = /^\/api\/portal\/builder\/([A-Za-z0-9_-]{20,100})\/documents$/.exec(path);
  return builder ? { who: 'builder', token: builder[1]! } : null;
}

/**
 * What an upload's answer says, by code: a form posted without JavaScript is sent back to its page
 * with the code in the query (never the server's own text, so a link cannot put words in our mouth).
 */
export const UPLOAD_OUTCOMES = {
  ok: 'Thank you: your file was received. We will review it and let you know.',
  'too-large':
    'This file is larger than 25 MB. Please send a smaller copy (a scan at a lower resolution, or one page at a time).',
  type: 'This file is not a PDF, JPEG, PNG or HEIC photo. Please send a PDF or a photo of the document.',
  empty: 'This file is empty. Please choose the file again.',
  quarantined: 'Our virus check flagged this file, so it was set aside. Please send another copy.',
  'scan-failed': 'The file could not be checked for viruses just now. Please try again in a few minutes.',
  closed: 'This item has already been accepted: nothing more is needed for it.',
  missing: 'No file was chosen. Please choose a file and send it again.',
  failed: 'The file could not be received. Please try again.',
} as const;
export type UploadOutcome = keyof typeof UPLOAD_OUTCOMES;

export const isUploadOutcome = (value: unknown): value is UploadOutcome =>
  typeof value === 'string' && Object.hasOwn(UPLOAD_OUTCOMES, value);
