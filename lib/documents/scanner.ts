/**
 * A virus scan fed a document's plaintext as it streams in (ClamAV's INSTREAM:
 * clamd.server.ts), so a file is never held whole to be scanned. The store (store.server.ts) knows
 * only this contract, which keeps it testable with a scanner of a few lines and lets a deployment
 * without CLAMD_SOCKET store documents 'unscanned'.
 */

export type ScanVerdict = { infected: false } | { infected: true; signature: string };

export interface Scanner {
  /** The next bytes of the file, in order. Rejects when the scanner cannot go on (the upload then fails). */
  write(chunk: Uint8Array): Promise<void>;
  /** Called once, after the last write: the verdict on the whole file. Rejects when there is none. */
  finish(): Promise<ScanVerdict>;
  /**
   * Gives up the scan (the upload failed or was refused) and frees its connection. May be called
   * at any time and more than once, also after write or finish rejected; does nothing once closed.
   */
  abort(): void;
}

/** Opens a scan for one upload: a connection to clamd, or whatever a test stands in for it. */
export type ScannerFactory = () => Promise<Scanner>;
