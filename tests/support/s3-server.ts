import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local S3-compatible server for tests: path-style (`/bucket/key`), in memory, with what the
 * document store's client sends (PutObject, GetObject, HeadObject, DeleteObject, DeleteObjects,
 * ListObjectsV2). It does not verify SigV4 signatures, but a request must carry an
 * Authorization header naming the configured access key, so a missing or wrong credential fails
 * as it would against real storage.
 */

export interface S3TestServer {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The objects, by key: what a test inspects. */
  objects: Map<string, Buffer>;
  /** Requests refused for their credential. */
  refused: number;
  close: () => Promise<void>;
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
const xmlUnescape = (text: string) =>
  text.replace(/&(lt|gt|amp|apos|quot);/g, (_, name: string) => ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' })[name]!);

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function reply(response: ServerResponse, status: number, xml?: string, headers: Record<string, string> = {}): void {
  const body = xml === undefined ? undefined : `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
  response.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/xml' }), ...headers });
  response.end(body);
}

const error = (response: ServerResponse, status: number, code: string, message: string) =>
  reply(response, status, `<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);

export async function startS3Server(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'documents-test';
  const accessKeyId = options.accessKeyId ?? 'TESTACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'test-secret-access-key';
  const objects = new Map<string, Buffer>();

  const state: S3TestServer = { url: '', bucket, accessKeyId, secretAccessKey, objects, refused: 0, close: async () => {} };

  const server = createServer((request, response) => {
    handle(request, response).catch((thrown: unknown) => {
      if (!response.headersSent) error(response, 500, 'InternalError', String(thrown));
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await bodyOf(request);
    // SigV4: `AWS4-HMAC-SHA256 Credential=<access key>/<date>/<region>/s3/aws4_request, ...`.
    const credential = /Credential=([^/,\s]+)\//.exec(request.headers.authorization ?? '')?.[1];
    if (credential !== accessKeyId) {
      state.refused++;
      return error(response, 403, 'InvalidAccessKeyId', 'The access key is missing or unknown.');
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = rest.map((part) => decodeURIComponent(part)).join('/');
    if (bucketName !== bucket) return error(response, 404, 'NoSuchBucket', 'The bucket does not exist.');

    if (!key) {
      if (request.method === 'GET' && url.searchParams.get('list-type') === '2') return list(url.searchParams, response);
      if (request.method === 'POST' && url.searchParams.has('delete')) return deleteMany(body, response);
      return error(response, 501, 'NotImplemented', `${request.method} on the bucket is not implemented here.`);
    }
    switch (request.method) {
      case 'PUT':
        objects.set(key, body);
        return reply(response, 200, undefined, { etag: `"${objects.size}"` });
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object) return request.method === 'GET' ? error(response, 404, 'NoSuchKey', 'No such key.') : reply(response, 404);
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(object.length) });
        response.end(request.method === 'GET' ? object : undefined);
        return;
      }
      case 'DELETE':
        objects.delete(key);
        return reply(response, 204);
      default:
        return error(response, 501, 'NotImplemented', `${request.method} is not implemented here.`);
    }
  }

  function list(params: URLSearchParams, response: ServerResponse): void {
    const prefix = params.get('prefix') ?? '';
    const delimiter = params.get('delimiter') ?? '';
    const max = Math.min(Number(params.get('max-keys') ?? 1000), 1000);
    // The token is the last key of the page before: keys deleted meanwhile do not shift the pages.
    const after = params.get('continuation-token') ?? params.get('start-after') ?? '';
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const contents: string[] = [];
    const prefixes = new Set<string>();
    let last = '';
    let truncated = false;
    for (const k of keys) {
      const cut = delimiter ? k.indexOf(delimiter, prefix.length) : -1;
      const common = cut >= 0 ? k.slice(0, cut + delimiter.length) : null;
      if (common !== null && prefixes.has(common)) {
        last = k;
        continue;
      }
      if (contents.length + prefixes.size === max) {
        truncated = true;
        break;
      }
      if (common !== null) prefixes.add(common);
      else contents.push(`<Contents><Key>${xmlEscape(k)}</Key><Size>${objects.get(k)!.length}</Size></Contents>`);
      last = k;
    }
    const common = [...prefixes].map((p) => `<CommonPrefixes><Prefix>${xmlEscape(p)}</Prefix></CommonPrefixes>`);
    reply(
      response,
      200,
      `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix>` +
        `<KeyCount>${contents.length + prefixes.size}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
        (truncated ? `<NextContinuationToken>${xmlEscape(last)}</NextContinuationToken>` : '') +
        contents.join('') +
        common.join('') +
        '</ListBucketResult>',
    );
  }

  function deleteMany(body: Buffer, response: ServerResponse): void {
    const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => xmlUnescape(m[1]!));
    if (keys.length > 1000) return error(response, 400, 'MalformedXML', 'At most 1000 keys a request.');
    for (const k of keys) objects.delete(k);
    const quiet = /<Quiet>true<\/Quiet>/.test(body.toString('utf8'));
    const deleted = quiet ? '' : keys.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join('');
    reply(response, 200, `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deleted}</DeleteResult>`);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  state.url = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      // The SDK keeps its connections alive: close them, or close() would wait for their timeout.
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
