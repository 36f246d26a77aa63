/**
 * What the document store (store.server.ts) hands out, apart from it so components import no
 * server module. A document belongs to an opaque `owner` string the caller chooses
 * (`loan-item:<id>`): the store knows nothing of what owns it.
 */

/** The kinds accepted, told by the file's first bytes (sniff.ts), never by its name or claimed type. */
export type DocumentType = 'pdf' | 'jpeg' | 'png' | 'heic';

export const DOCUMENT_CONTENT_TYPES = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  heic: 'image/heic',
} as const satisfies Record<DocumentType, string>;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[DocumentType];

export const DOCUMENT_EXTENSIONS = { pdf: 'pdf', jpeg: 'jpg', png: 'png', heic: 'heic' } as const satisfies Record<
  DocumentType,
  string
>;

/** The accepted kinds, for messages: "PDF, JPEG, PNG or HEIC". */
export const ACCEPTED_DOCUMENT_LABELS = 'PDF, JPEG, PNG or HEIC';

/**
 * The `accept` of a file input. HEIC is left out on purpose: iPhone Safari then converts a photo
 * to JPEG before sending it, which every browser previews (HEIC only Safari does, and sharp's
 * prebuilt libvips cannot decode HEVC). A .heic file sent anyway is still accepted, stored as sent.
 */
export const DOCUMENT_INPUT_ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';

export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

export type ScanState = 'unscanned' | 'clean' | 'quarantined';

export interface StoredDocument {
  id: string;
  owner: string;
  /** The file name as uploaded (cleaned of any path). */
  name: string;
  contentType: DocumentContentType;
  /** Bytes. */
  size: number;
  /** 'unscanned' when no scanner was configured; a 'quarantined' file is kept, encrypted, but not served. */
  scan: ScanState;
  uploadedBy: string;
  /** ISO-8601. */
  createdAt: string;
}

/** Megabytes for a message, to one decimal and never rounded down to the limit (25.01 MB reads 25.1). */
function megabytes(bytes: number): string {
  return String(Math.ceil((bytes / 1024 / 1024) * 10) / 10);
}

/**
 * The message for a file over the limit. Its size is known to the browser's check and from a
 * declared length; the store stops reading just past the limit, so it knows only "over".
 */
export function documentTooLargeMessage(size: number | null): string {
  const largest = `the largest accepted is ${megabytes(DOCUMENT_MAX_BYTES)} MB`;
  return size === null
    ? `This file is over ${megabytes(DOCUMENT_MAX_BYTES)} MB; ${largest}.`
    : `This file is ${megabytes(size)} MB; ${largest}.`;
}

/** The message for a file of a kind not accepted: its bytes decide, whatever its name says. */
export const DOCUMENT_TYPE_MESSAGE = `Only ${ACCEPTED_DOCUMENT_LABELS} files are accepted, and this file's content is none of them.`;
