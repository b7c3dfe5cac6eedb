import { createHash } from 'node:crypto';
import type { ImageUpload } from '#src/contract/common.ts';
import type { Db } from '#server/db/connect.ts';
import { reencodeImage } from './reencode-image.ts';

/**
 * Stores an upload re-encoded (see reencode-image.ts) by the SHA-256 of the stored bytes and
 * answers its public path. The same picture maps to the same row, so a second upload of one logo
 * costs nothing. A refusal is a 422 under `field`.
 */
export async function storeImage(db: Db, upload: ImageUpload, field: string, now = new Date()): Promise<string> {
  const { bytes, type } = await reencodeImage(upload, field);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await db
    .insertInto('images')
    .values({ sha256, ext: type.ext, content_type: type.contentType, bytes, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  return `/storage/${sha256}.${type.ext}`;
}

export async function findImage(db: Db, sha256: string, ext: string) {
  return db.selectFrom('images').select(['bytes', 'content_type']).where('sha256', '=', sha256).where('ext', '=', ext).executeTakeFirst();
}
