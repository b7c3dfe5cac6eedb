import type { Stamp } from '#src/contract/stamps.ts';
import { callApi } from '#src/lib/api-client.ts';
import { sheetRequest, type ModelsSearch } from './api.ts';

// A printed sheet's stamp (docs/design.md §8.2): asked for when printing, with the QR code of its link.

/** A stamp with its QR code, ready to print: `qr` is an image's data URL. */
export type SheetStamp = Stamp & { qr: string };

/**
 * Asks for a stamp of what the list shows (the export's body) and draws its QR code. qrcode is
 * loaded here, on the first print, never with a screen: an SVG, so it needs no canvas and prints sharp.
 */
export async function requestStamp(search: ModelsSearch): Promise<SheetStamp> {
  // Both at once: the library loads while the server answers.
  const [{ stamp }, qrcode] = await Promise.all([callApi('stamps/create', sheetRequest(search)), import('qrcode')]);
  const svg = await qrcode.toString(stamp.url, { type: 'svg', margin: 0 });
  return { ...stamp, qr: `data:image/svg+xml,${encodeURIComponent(svg)}` };
}
