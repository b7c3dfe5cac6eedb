// fontkit (the font engine pdfkit is built on) ships no types; this is the part quote-pdf.ts uses:
// a font parsed once and handed to pdfkit, which accepts any object that lays text out.
declare module 'fontkit' {
  export type Font = { postscriptName: string; layout(text: string, features?: unknown): unknown };
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
