// A table for pdfkit whose cells wrap and whose rows never split: a row that would cross the
// page's bottom margin starts a new page, under the header drawn again.
import type PDFDocument from 'pdfkit';

/** A pdfkit document (the module's export is typed as one). */
export type PdfDoc = typeof PDFDocument;

export type PdfColumn = { heading: string; width: number; numeric: boolean };
export type PdfTableFonts = { regular: string; bold: string; size: number };

const PAD = 3;
const HEADER_FILL = '#e8e8e8';
const RULE = '#b0b0b0';

function rowHeight(doc: PdfDoc, columns: PdfColumn[], cells: string[]): number {
  const heights = cells.map((cell, at) => doc.heightOfString(cell, { width: columns[at]!.width - 2 * PAD }));
  return Math.max(...heights) + 2 * PAD;
}

function drawRow(doc: PdfDoc, columns: PdfColumn[], cells: string[], top: number, height: number) {
  let x = doc.page.margins.left;
  cells.forEach((cell, at) => {
    const column = columns[at]!;
    doc.text(cell, x + PAD, top + PAD, { width: column.width - 2 * PAD, align: column.numeric ? 'right' : 'left' });
    x += column.width;
  });
  const right = x;
  doc
    .moveTo(doc.page.margins.left, top + height)
    .lineTo(right, top + height)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

function drawHeader(doc: PdfDoc, columns: PdfColumn[], fonts: PdfTableFonts) {
  doc.font(fonts.bold, fonts.size);
  const headings = columns.map((column) => column.heading);
  const height = rowHeight(doc, columns, headings);
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const top = doc.y;
  doc.rect(doc.page.margins.left, top, width, height).fill(HEADER_FILL).fillColor('black');
  drawRow(doc, columns, headings, top, height);
  doc.y = top + height;
  doc.font(fonts.regular, fonts.size);
}

/**
 * Draws the table from doc.y down, leaving doc.y under its last row and doc.x at the left margin.
 * Yields after each row, so a long table can let the event loop run between rows.
 */
export function* drawTable(doc: PdfDoc, columns: PdfColumn[], rows: string[][], fonts: PdfTableFonts) {
  drawHeader(doc, columns, fonts);
  for (const cells of rows) {
    const height = rowHeight(doc, columns, cells);
    if (doc.y + height > doc.page.maxY()) {
      doc.addPage();
      drawHeader(doc, columns, fonts);
    }
    const top = doc.y;
    drawRow(doc, columns, cells, top, height);
    doc.y = top + height;
    yield;
  }
  doc.x = doc.page.margins.left;
}
