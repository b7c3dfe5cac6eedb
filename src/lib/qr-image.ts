/**
 * Text as a QR code image's data URL. qrcode is imported here, when a code is first drawn, never
 * with a screen (vite.config.ts gives it its own chunk); an SVG, so it needs no canvas and is sharp
 * at any size and on paper.
 */
export async function qrImage(text: string, margin: number): Promise<string> {
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(text, { type: 'svg', margin });
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
