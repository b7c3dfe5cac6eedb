import type { ImageUpload } from '#src/contract/common.ts';
import { acceptedImageType } from '#src/domain/images.ts';
import { base64 } from './encode.ts';

/**
 * An upload as a data: URL standing in for the server's `/storage/<sha256>.<ext>` path: the app
 * shows it with no server, and it lives as long as the store. The type comes from the bytes,
 * as on the server; the contract has already refused anything that is not an image.
 */
export function storeImage(upload: ImageUpload): string {
  return `data:${acceptedImageType(upload.bytes).contentType};base64,${base64(upload.bytes)}`;
}
