import 'server-only';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ObjectChunkStore } from './chunk-store';

/**
 * Chunks as objects in S3-compatible storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2...):
 * `documents/<documentId>/<seq>` in one bucket. Each object is a chunk's ciphertext and tag, as a
 * document_chunks row would hold it, so the storage provider never sees a file's content; the
 * keys carry only ids and numbers, never a name.
 */

export interface S3ChunkStoreConfig {
  bucket: string;
  region: string;
  /** For a provider other than AWS: its endpoint URL. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO, most self-hosted servers). */
  forcePathStyle: boolean;
}

const PREFIX = 'documents/';
/** DeleteObjects takes at most 1000 keys a request. */
const DELETE_BATCH = 1000;

const keyOf = (documentId: string, seq: number) => `${PREFIX}${documentId}/${seq}`;

export function s3ChunkStore(config: S3ChunkStoreConfig): ObjectChunkStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default adds checksums that several S3-compatible providers reject; AES-GCM's tag
    // already tells a damaged chunk on reading.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  async function* keysUnder(prefix: string): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const Objects = keys.slice(i, i + DELETE_BATCH).map((Key) => ({ Key }));
      const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      // Keys only: an error's message could be the provider's text, which is no secret either, but short is enough.
      const failed = result.Errors ?? [];
      if (failed.length > 0)
        throw new Error(`Object storage did not delete ${failed.length} chunk(s), e.g. ${failed[0]!.Key} (${failed[0]!.Code}).`);
    }
  }

  return {
    kind: 's3',
    async put(documentId, seq, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(documentId, seq), Body: data, ContentLength: data.length }));
    },
    async get(documentId, seq) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(documentId, seq) }));
        return object.Body ? await object.Body.transformToByteArray() : null;
      } catch (error) {
        if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404))
          return null;
        throw error;
      }
    },
    async deleteAll(documentIds) {
      for (const id of documentIds) {
        const keys: string[] = [];
        for await (const key of keysUnder(`${PREFIX}${id}/`)) keys.push(key);
        await deleteKeys(keys);
      }
    },
    async *documentIds() {
      let last = '';
      for await (const key of keysUnder(PREFIX)) {
        const id = key.slice(PREFIX.length).split('/')[0]!;
        if (id && id !== last) yield id;
        last = id;
      }
    },
  };
}
