import { sniffImage, type SniffedImage } from '#src/contract/images.ts';

/** The type of an upload the contract has accepted; anything else reaching storage is a bug. */
export function acceptedImageType(bytes: Uint8Array): SniffedImage {
  const type = sniffImage(bytes);
  if (!type) throw new Error('storeImage called with bytes the contract should have refused');
  return type;
}
