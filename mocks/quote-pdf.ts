import { formatLakh } from '#src/domain/format.ts';
import type { Quote } from '#src/contract/quotes.ts';

// The mocks cannot run the server's PDF renderer (server/documents): a quote's download here is one
// plain PDF 1.4 page of text in Helvetica, enough for the app's download and share to work.

/** A PDF download that carries its file name, for mocks/define-call.ts's Content-Disposition. */
export class PdfFile extends Uint8Array {
  readonly fileName: string;
  constructor(bytes: Uint8Array, fileName: string) {
    super(bytes);
    this.fileName = fileName;
  }
}

const TOP = 800;
const LEADING = 12;
const MAX_TEXT_LINES = Math.floor((TOP - 40) / LEADING);

// Helvetica here is single-byte text: what it cannot show becomes '?', and ( ) \ are escaped.
const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, '\\$&');

/** One A4 page showing these lines of text. */
export function textPdf(lines: readonly string[]): Uint8Array {
  const shown = lines.slice(0, MAX_TEXT_LINES).map((line) => `(${pdfText(line)}) '`);
  const content = ['BT', '/F1 10 Tf', `${LEADING} TL`, `40 ${TOP} Td`, ...shown, 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  // Every character is ASCII, so the text's length is its byte count, as the cross-reference needs.
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** The quote's label, customer, lines and grand total. */
export function quotePdf(quote: Quote): PdfFile {
  const lines = [
    quote.label,
    `Customer: ${quote.customerName}`,
    '',
    ...quote.lines.map(
      (line) =>
        `${line.brandName} ${line.seriesName} ${line.modelName}  x ${line.qty}  Rs ${formatLakh(line.unitTotal)}` +
        `  less Rs ${formatLakh(line.discountPerUnit)}  = Rs ${formatLakh(line.lineTotal)}`,
    ),
    '',
    `Total: Rs ${formatLakh(quote.grandTotal)}`,
  ];
  return new PdfFile(textPdf(lines), `${quote.label}.pdf`);
}
