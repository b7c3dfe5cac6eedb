import sharp from 'sharp';
import type { ImageUpload } from '#src/contract/common.ts';
import { fieldError } from '#src/contract/errors.ts';
import { imageMessages, MAX_IMAGE_PIXELS, type SniffedImage } from '#src/contract/images.ts';
import { acceptedImageType } from '#src/domain/images.ts';

// What sharp calls each type the contract sniffs.
const FORMATS = { png: 'png', jpg: 'jpeg', webp: 'webp', gif: 'gif' } as const;

/**
 * The upload decoded as the type its bytes claim and encoded again from its pixels alone, so no
 * byte beyond the picture (text after its end, markup, metadata) survives (docs/design.md §7.6). Anything
 * that does not decode, or measures outside 1–10,000 px either way, is a 422 under `field`.
 */
export async function reencodeImage(upload: ImageUpload, field: string): Promise<{ bytes: Uint8Array; type: SniffedImage }> {
  const type = acceptedImageType(upload.bytes);
  const format = FORMATS[type.ext];
  const label = field.replace(/Image$/, ' image');
  // GIF and WebP may be animated: every frame is kept.
  const image = sharp(upload.bytes, { failOn: 'error', animated: format === 'gif' || format === 'webp', limitInputPixels: false });
  const size = await image.metadata().catch(() => undefined);
  if (!size || size.format !== format) throw fieldError(field, imageMessages.undecodable(label, type));
  const [width, height] = [size.width, size.pageHeight ?? size.height];
  if (!(width >= 1 && height >= 1 && width <= MAX_IMAGE_PIXELS && height <= MAX_IMAGE_PIXELS)) {
    throw fieldError(field, imageMessages.dimensions(label));
  }
  try {
    return { bytes: new Uint8Array(await image.toFormat(format).toBuffer()), type };
  } catch {
    throw fieldError(field, imageMessages.undecodable(label, type));
  }
}
