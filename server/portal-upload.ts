import type { IncomingMessage, ServerResponse } from 'node:http';
import busboy from 'busboy';
import type { DB } from '../lib/db/connect.server';
import { getDb } from '../lib/db/index.server';
import { configuredScanner } from '../lib/documents/scanner.server';
import { storeDocument } from '../lib/documents/store.server';
import { readCookie } from '../lib/http/read-cookie';
import { itemForUpload, itemOwner, portalUploadAccess, type UploadAccess } from '../lib/loan-files/upload-access.server';
import { portalCookieName } from '../lib/loan-files/portal-cookie';
import { markUploaded } from '../lib/loan-files/items.server';
import {
  BUILDER_UPLOAD_PREFIX,
  builderPagePath,
  PORTAL_PATH,
  PORTAL_UPLOAD_PATH,
  uploaderOfPath,
  UPLOAD_OUTCOMES,
  type UploadOutcome,
} from '../lib/loan-files/portal-paths';
import { dropRest } from './body-gate';
import { mediaType } from './request-guard';
import { header, sameSite } from './same-site';

/**
 * The portal's upload endpoint: a borrower (signed in by the portal's cookie) or a builder (by the
 * token in their link) posts one document for one item of the needs list, as a plain multipart form
 * (it works without JavaScript) or from the page's script, which shows the progress.
 *
 * The server answers it itself, before Next, because Next's route handlers get their body whole
 * from the body gate: here the file streams from the socket through the multipart parser (busboy)
 * into the encrypted store (lib/documents), a 256 KiB chunk at a time, so four 25 MB uploads at once
 * grow the server's memory by about 30 MB, not 100 (`npm run bench:uploads`). The body gate has
 * checked the declared length against the class's limit before a byte was read
 * (server/body-limits.ts, 'portal uploads').
 */

const STATUS: Record<UploadOutcome, number> = {
  ok: 200,
  'too-large': 413,
  type: 415,
  empty: 422,
  quarantined: 422,
  'scan-failed': 503,
  closed: 409,
  missing: 400,
  failed: 400,
};

export function isPortalUpload(method: string | undefined, url: string | undefined): boolean {
  if (method !== 'POST') return false;
  const path = (url ?? '').split('?', 1)[0]!;
  return path === PORTAL_UPLOAD_PATH || path.startsWith(BUILDER_UPLOAD_PREFIX);
}

const wantsJson = (req: IncomingMessage) => (header(req, 'accept') ?? '').includes('application/json');

type Answer = { status: number; json: unknown; location?: string; drop?: boolean };

/** A refusal before the item is known: the status and a message, as JSON (or plain text for a form). */
function refusal(status: number, error: string): Answer {
  return { status, json: { error } };
}

/**
 * Reads the one file of the multipart body into the store; the other parts are drained. Resolves
 * as soon as the store has its answer: a store that refuses a file after its first chunk (not
 * a document, no virus check) stops reading it, and the parser would otherwise wait for the rest
 * forever. The caller then drops what is still arriving.
 */
function receiveFile(
  req: IncomingMessage,
  store: (name: string, source: AsyncIterable<Uint8Array>) => Promise<UploadOutcome>,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    let parser: busboy.Busboy;
    try {
      // One more byte than the store takes, so an oversized file reaches it and gets its 413.
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 10, parts: 12, fileSize: FILE_LIMIT + 1 } });
    } catch {
      return resolve('failed'); // a malformed multipart head: the rest is dropped with the answer
    }
    let stored = false;
    const settle = (outcome: UploadOutcome) => {
      req.unpipe(parser);
      parser.destroy();
      resolve(outcome);
    };
    parser.on('file', (field, stream, info) => {
      // A file input left empty still sends a part, with no name and no bytes.
      if (field !== 'file' || stored || !info.filename) return void stream.resume();
      stored = true;
      // A source that fails (the client gone, a broken body) leaves nothing stored (lib/documents).
      store(info.filename, stream).then(settle, () => settle('failed'));
    });
    // A client that goes away mid-file ends the file's stream with an error, so the store gives up
    // (and deletes what it wrote) rather than wait for bytes that will never come.
    req.once('close', () => {
      if (!req.complete) parser.destroy(new Error('The upload was cut off.'));
    });
    parser.on('error', () => {
      if (!stored) settle('failed');
    });
    parser.on('close', () => {
      if (!stored) settle('missing');
    });
    req.pipe(parser);
  });
}

const FILE_LIMIT = 25 * 1024 * 1024;

async function answer(
  req: IncomingMessage,
  site: { siteUrl: string; trustProxy: boolean },
  deps: PortalUploadDeps,
): Promise<Answer> {
  // The answer goes out at once; the rest of the body is dropped for a moment, then the connection closed.
  const refuse = (answer: Answer) => ({ ...answer, drop: true });
  const url = new URL(req.url ?? '/', 'http://localhost');
  const uploader = uploaderOfPath(url.pathname);
  if (!uploader) return refuse(refusal(404, 'No such page.'));
  if (!sameSite(req, site)) return refuse(refusal(403, 'Uploads are accepted from this site only.'));
  if (mediaType(header(req, 'content-type')) !== 'multipart/form-data')
    return refuse(refusal(415, 'Send the file as a multipart form.'));

  const db = await deps.db();
  const sessionToken = readCookie(req.headers.cookie, portalCookieName(site.siteUrl));
  const access = await portalUploadAccess(db, uploader, sessionToken, new Date());
  if (!access) {
    const signIn = uploader.who === 'borrower';
    // A plain form goes back to its page: the sign-in form, or the builder's page, which says the
    // link is no longer valid.
    return refuse({
      status: signIn ? 401 : 404,
      json: { error: signIn ? 'Your sign-in has ended. Please sign in again.' : 'This link is no longer valid.' },
      location: uploader.who === 'borrower' ? PORTAL_PATH : builderPagePath(uploader.token),
    });
  }
  const itemId = (url.searchParams.get('item') ?? '').slice(0, 64);
  const back = (outcome: UploadOutcome): Answer => ({
    status: STATUS[outcome],
    json: { outcome, message: UPLOAD_OUTCOMES[outcome], item: itemId },
    location: `${pagePath(access)}?item=${encodeURIComponent(itemId)}&upload=${outcome}#item-${encodeURIComponent(itemId)}`,
  });
  // Another file's item, or one not the builder's, reads as done: a stale page's form is the likely sender.
  const item = await itemForUpload(db, access, itemId);
  if (!item) return refuse(back('closed'));

  const scanner = deps.scanner();
  const outcome = await receiveFile(req, async (name, source) => {
    const stored = await storeDocument(db, {
      owner: itemOwner(item.id),
      name,
      uploadedBy: access.uploadedBy,
      source,
      ...(scanner ? { scanner } : {}),
    });
    if (!stored.ok) return outcomeOfRefusal(stored.status);
    if (stored.document.scan === 'quarantined') return 'quarantined';
    await markUploaded(db, item.id, new Date());
    return 'ok';
  });
  // A refused file's rest (or a broken body's) may still be arriving: it is dropped.
  return req.complete ? back(outcome) : refuse(back(outcome));
}

function pagePath(access: UploadAccess): string {
  return access.builderToken ? builderPagePath(access.builderToken) : PORTAL_PATH;
}

function outcomeOfRefusal(status: number): UploadOutcome {
  if (status === 413) return 'too-large';
  if (status === 415) return 'type';
  if (status === 503) return 'scan-failed';
  return 'empty';
}

export interface PortalUploadDeps {
  db: () => Promise<DB>;
  scanner: typeof configuredScanner;
}

/** Answers one upload: JSON for the page's script, a 303 back to the page for a plain form. */
export async function answerPortalUpload(
  req: IncomingMessage,
  res: ServerResponse,
  site: { siteUrl: string; trustProxy: boolean },
  deps: PortalUploadDeps = { db: getDb, scanner: configuredScanner },
): Promise<void> {
  const send = ({ status, json, location, drop }: Answer) => {
    if (location && !wantsJson(req)) res.writeHead(303, { Location: location, 'Cache-Control': 'no-store' }).end();
    else
      res
        .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(JSON.stringify(json));
    if (drop) dropRest(req);
  };
  try {
    send(await answer(req, site, deps));
  } catch {
    if (res.headersSent) res.destroy();
    else send({ status: 500, json: { error: UPLOAD_OUTCOMES.failed } });
  }
}
