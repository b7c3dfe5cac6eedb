import type { QRCodeToBufferOptions } from 'qrcode';

/**
 * A QR code of `text` as a greyscale PNG (no alpha channel, so pdfkit embeds its compressed rows as
 * they are instead of splitting out a mask). qrcode is loaded on first use: only documents need it.
 */
export async function qrPng(text: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  // pngjs takes colorType from qrcode's rendererOpts; @types/qrcode does not list it.
  const rendererOpts = { colorType: 0 } as QRCodeToBufferOptions['rendererOpts'];
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 4, rendererOpts });
}
