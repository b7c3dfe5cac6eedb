import { readFile } from 'node:fs/promises';
import type { create } from 'fontkit';
import { turnByTurn } from '#src/domain/in-slices.ts';
import { drawTable, type PdfColumn, type PdfDoc } from './pdf-table.ts';
import { qrPng } from './qr-png.ts';
import { QUOTE_COLUMNS, QUOTE_TERMS, QUOTE_TITLE, quoteTexts, type QuoteDocument, type QuoteTexts } from './quote-document.ts';

// The customer's PDF of a quote (DESIGN.md §8.1): A4, every text in the shipped DejaVu Sans, embedded
// as a subset with its Unicode map, so every name prints and the text can be selected and searched.
// pdfkit and qrcode are imported on the first PDF, so the server's start never pays for them.

const MARGIN = 40;
const REGULAR = 'regular';
const BOLD = 'bold';
const QR_SIZE = 100;
const DRAFT_COLOUR = '#b00020';
// Points per column on A4's 515 between the margins; the names get the room, the figures enough for crores.
const WIDTHS = [68, 72, 100, 34, 36, 66, 62, 77];
const COLUMNS: PdfColumn[] = QUOTE_COLUMNS.map((column, at) => ({ ...column, width: WIDTHS[at]! }));

// pdfkit takes a parsed fontkit font as well as a file; its types list only files.
type FontSource = NonNullable<Parameters<PdfDoc['registerFont']>[1]>;
type Fonts = { regular: FontSource; bold: FontSource };
let fonts: Promise<Fonts> | undefined;

const readFont = (file: string) => readFile(new URL(`fonts/${file}`, import.meta.url));
const parsed = (fontkit: { create: typeof create }, file: Buffer) => fontkit.create(file) as unknown as FontSource;

/**
 * Parsed once and shared by every PDF: given the file, pdfkit parses DejaVu's tables again for each
 * document, two thirds of a 50-line quote's time (measured: 143 ms a PDF, 50 ms with the font shared).
 * Documents drawn at once share it safely: each keeps its own subset, and each turn of one runs to
 * its end before another's starts. A failed read is tried again next time.
 */
function loadFonts(): Promise<Fonts> {
  fonts ??= Promise.all([import('fontkit'), readFont('DejaVuSans.ttf'), readFont('DejaVuSans-Bold.ttf')]).then(
    ([fontkit, regular, bold]) => ({ regular: parsed(fontkit, regular), bold: parsed(fontkit, bold) }),
    (error: unknown) => {
      fonts = undefined;
      throw error;
    },
  );
  return fonts;
}

function header(doc: PdfDoc, view: QuoteDocument, texts: QuoteTexts) {
  const top = doc.y;
  const right = doc.page.width - MARGIN;
  const companyWidth = 300;
  const quoteWidth = 200;
  doc.font(BOLD, 14).text(view.company.name, MARGIN, top, { width: companyWidth });
  doc.font(REGULAR, 9);
  if (view.company.address) doc.text(view.company.address, { width: companyWidth });
  if (texts.companyPhone) doc.text(texts.companyPhone, { width: companyWidth });
  const companyBottom = doc.y;
  doc.font(BOLD, 18).text(QUOTE_TITLE, right - quoteWidth, top, { width: quoteWidth, align: 'right' });
  doc.font(REGULAR, 10);
  for (const line of [view.label, texts.date, texts.validUntil]) doc.text(line, { width: quoteWidth, align: 'right' });
  doc.x = MARGIN;
  doc.y = Math.max(companyBottom, doc.y) + 14;
}

function intro(doc: PdfDoc, view: QuoteDocument, texts: QuoteTexts) {
  if (texts.draft) doc.font(BOLD, 11).fillColor(DRAFT_COLOUR).text(texts.draft).fillColor('black').moveDown(0.5);
  doc.font(REGULAR, 10).text(texts.customer);
  if (texts.customerPhone) doc.text(texts.customerPhone);
  if (view.note) doc.moveDown(0.5).text(view.note);
  doc.moveDown();
}

function totals(doc: PdfDoc, view: QuoteDocument, texts: QuoteTexts) {
  doc.moveDown(0.5).font(BOLD, 11).text(texts.grandTotal, { align: 'right' });
  doc.font(REGULAR, 10).text(texts.inWords, { align: 'right' }).moveDown();
  doc.text(view.rateLine);
  if (view.terms) doc.moveDown().font(BOLD, 10).text(QUOTE_TERMS).font(REGULAR, 9).text(view.terms);
}

function shareCode(doc: PdfDoc, shareUrl: string, png: Buffer) {
  doc.moveDown();
  if (doc.y + QR_SIZE + 40 > doc.page.maxY()) doc.addPage();
  doc.font(REGULAR, 9).text('Scan to open this quote on your phone:');
  const top = doc.y + 4;
  doc.image(png, MARGIN, top, { width: QR_SIZE, height: QR_SIZE });
  doc.y = top + QR_SIZE + 4;
  doc.fillColor('#1a4f9c').text(shareUrl, MARGIN, doc.y, { link: shareUrl }).fillColor('black');
}

/** 'Q-2026-0042-R2 · Page 1 of 3' at the foot of every page, drawn once the count is known. */
function* pageFooters(doc: PdfDoc, label: string): Generator<void, void> {
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    const bottom = doc.page.margins.bottom;
    // Inside the bottom margin, where a text would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc.font(REGULAR, 8).fillColor('#555555');
    doc.text(`${label} · Page ${page - start + 1} of ${count}`, MARGIN, doc.page.height - bottom + 16, {
      width: doc.page.width - 2 * MARGIN,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
    yield;
  }
}

function finished(doc: PdfDoc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function* drawQuote(doc: PdfDoc, view: QuoteDocument, qrCode: Buffer | null): Generator<void, void> {
  const texts = quoteTexts(view);
  header(doc, view, texts);
  intro(doc, view, texts);
  yield;
  const rows = view.lines.map((line) => QUOTE_COLUMNS.map((column) => column.cell(line)));
  yield* drawTable(doc, COLUMNS, rows, { regular: REGULAR, bold: BOLD, size: 8 });
  totals(doc, view, texts);
  yield;
  if (view.shareUrl && qrCode) shareCode(doc, view.shareUrl, qrCode);
  yield* pageFooters(doc, view.label);
  // The pages' contents compressed and written here, in a turn of their own, before end() embeds the fonts.
  doc.flushPages();
}

/**
 * The quote's PDF: company, quote, customer, the lines' table (its header on every page), totals,
 * terms, QR code. Drawn row by row with the event loop let run between (a 50-line quote is some
 * 40 ms of work, more on a loaded machine; docs/design.md: nothing holds the loop 50 ms).
 */
export async function renderQuotePdf(view: QuoteDocument): Promise<Buffer> {
  const [{ default: PDFDocument }, { regular, bold }, qrCode] = await Promise.all([
    import('pdfkit'),
    loadFonts(),
    view.shareUrl ? qrPng(view.shareUrl) : null,
  ]);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: 48, left: MARGIN, right: MARGIN },
    bufferPages: true,
    lang: 'en',
    displayTitle: true,
    info: { Title: `${QUOTE_TITLE} ${view.label}`, Author: view.company.name },
  });
  const pdf = finished(doc);
  doc.registerFont(REGULAR, regular).registerFont(BOLD, bold);
  await turnByTurn(drawQuote(doc, view, qrCode));
  doc.end();
  return pdf;
}
