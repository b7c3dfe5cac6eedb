import type { ImageUpload } from '#src/contract/common.ts';
import { acceptedImageType } from '#src/domain/images.ts';
import { base64 } from './encode.ts';

/**
 * An upload as a data: URL standing in for the server's `/storage/<sha256>.<ext>` path: the app
 * shows it with no server, and it lives as long as the store. The type comes from the bytes,
 * as on the server; the contract has already refused anything that is not an image. The server
 * also decodes the image and stores it re-encoded (server/repositories/reencode-image.ts, with
 * sharp); a browser cannot run sharp, so the mocks keep to sniffing the bytes and store them as sent.
 */
export function storeImage(upload: ImageUpload): string {
  return `data:${acceptedImageType(upload.bytes).contentType};base64,${base64(upload.bytes)}`;
}
