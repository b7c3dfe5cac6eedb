import { createHash } from 'node:crypto';
import type { ImageUpload } from '#src/contract/common.ts';
import { acceptedImageType } from '#src/domain/images.ts';
import type { Db } from '#server/db/connect.ts';

/**
 * Stores an image by the SHA-256 of its bytes and answers its public path. The same bytes map
 * to the same row, so a second upload of one logo costs nothing.
 */
export async function storeImage(db: Db, upload: ImageUpload, now = new Date()): Promise<string> {
  const type = acceptedImageType(upload.bytes);
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  await db
    .insertInto('images')
    .values({ sha256, ext: type.ext, content_type: type.contentType, bytes: upload.bytes, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  return `/storage/${sha256}.${type.ext}`;
}

export async function findImage(db: Db, sha256: string, ext: string) {
  return db.selectFrom('images').select(['bytes', 'content_type']).where('sha256', '=', sha256).where('ext', '=', ext).executeTakeFirst();
}
