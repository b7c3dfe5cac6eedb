import type { Stamp } from '#src/contract/stamps.ts';
import { callApi } from '#src/lib/api-client.ts';
import { qrImage } from '#src/lib/qr-image.ts';
import { sheetRequest, type ModelsSearch } from './api.ts';

// A printed sheet's stamp (docs/design.md §8.2): asked for when printing, with the QR code of its link.

/** A stamp with its QR code, ready to print: `qr` is an image's data URL. */
export type SheetStamp = Stamp & { qr: string };

/** Asks for a stamp of what the list shows (the export's body) and draws its QR code (qrcode loads on the first print). */
export async function requestStamp(search: ModelsSearch): Promise<SheetStamp> {
  const { stamp } = await callApi('stamps/create', sheetRequest(search));
  return { ...stamp, qr: await qrImage(stamp.url, 0) };
}
