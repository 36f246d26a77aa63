import 'server-only';
import type { DB } from '../db/connect.server';
import { newId } from '../db/ids';
import type { ProcessedMedia } from './process.server';
import { MEDIA_ID, mediaUrl, type MediaContentType } from './sniff';

export interface StoredMedia {
  id: string;
  url: string;
  kind: 'image' | 'pdf';
  contentType: MediaContentType;
  width: number | null;
  height: number | null;
  byteSize: number;
}

/** Stores a processed file; the same bytes uploaded twice share one row. */
export async function storeMedia(db: DB, media: ProcessedMedia, now = new Date()): Promise<StoredMedia> {
  const existing = await db
    .selectFrom('media')
    .select(['id'])
    .where('sha256', '=', media.sha256)
    .where('content_type', '=', media.contentType)
    .executeTakeFirst();
  const id = existing?.id ?? newId();
  if (!existing) {
    await db
      .insertInto('media')
      .values({
        id,
        kind: media.kind,
        content_type: media.contentType,
        bytes: media.bytes,
        width: media.width,
        height: media.height,
        byte_size: media.bytes.length,
        sha256: media.sha256,
        created_at: now.toISOString(),
      })
      .execute();
  }
  return {
    id,
    url: mediaUrl(id, media.contentType),
    kind: media.kind,
    contentType: media.contentType,
    width: media.width,
    height: media.height,
    byteSize: media.bytes.length,
  };
}

export async function readMedia(db: DB, id: string): Promise<{ contentType: MediaContentType; bytes: Buffer } | null> {
  if (!MEDIA_ID.test(id)) return null;
  const row = await db.selectFrom('media').select(['content_type', 'bytes']).where('id', '=', id).executeTakeFirst();
  return row ? { contentType: row.content_type as MediaContentType, bytes: Buffer.from(row.bytes) } : null;
}
