import { DOCUMENT_EXTENSIONS, type DocumentType } from './types';

/**
 * A document's name as the owner will see it and download it: the browser's file name without
 * any path (old browsers send `C:\fakepath\...`), control characters or bidirectional overrides
 * (which make `invoice\u202Efdp.exe` read as `invoiceexe.pdf`), and of a bounded length (its extension kept). A name
 * left empty becomes `document.<ext>`.
 */

export const DOCUMENT_NAME_MAX_CHARS = 200;

const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function documentFileName(name: string, type: DocumentType): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.normalize('NFC').replace(UNWANTED, '').trim();
  return shortened(cleaned) || `document.${DOCUMENT_EXTENSIONS[type]}`;
}

/** Cut to the maximum in characters (not UTF-16 units), keeping the extension that tells what opens it. */
function shortened(name: string): string {
  const characters = Array.from(name);
  if (characters.length <= DOCUMENT_NAME_MAX_CHARS) return name;
  const extension = Array.from(/\.[^.\s]{1,10}$/.exec(name)?.[0] ?? '');
  return (
    characters
      .slice(0, DOCUMENT_NAME_MAX_CHARS - extension.length)
      .join('')
      .trimEnd() + extension.join('')
  ).trim();
}
