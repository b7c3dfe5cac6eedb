import { escapeHtml, htmlPage, PUBLIC_PAGE_CSP } from './html-page.ts';
import { QUOTE_COLUMNS, QUOTE_TERMS, QUOTE_TITLE, quoteTexts, type QuoteDocument, type QuoteTexts } from './quote-document.ts';

// The public, read-only page of a sent quote (`GET /q/:token`, DESIGN.md §8.1): the PDF's contents
// as HTML the server writes whole, readable without the app, with a link to the PDF itself.

/** The CSP the quote page, its 404 and its 410 are sent with. */
export const QUOTE_PAGE_CSP = PUBLIC_PAGE_CSP;

export const QUOTE_GONE = 'This quote is no longer valid. Ask your dealer for an updated quote.';
export const QUOTE_NOT_FOUND = 'Quote not found.';

/** A paragraph of text, none for ''. */
const paragraph = (text: string, className?: string) =>
  text ? `<p${className ? ` class="${className}"` : ''}>${escapeHtml(text)}</p>` : '';

const lines = (...paragraphs: string[]) => paragraphs.filter(Boolean).join('\n');

function company(view: QuoteDocument, texts: QuoteTexts): string {
  const { name, address } = view.company;
  return `<section class="company">\n${lines(paragraph(name), paragraph(address, 'lines'), paragraph(texts.companyPhone))}\n</section>`;
}

function quote(view: QuoteDocument, texts: QuoteTexts): string {
  return `<section class="quote">
<h1>${escapeHtml(`${QUOTE_TITLE} ${view.label}`)}</h1>
${lines(
  paragraph(texts.date),
  paragraph(texts.validUntil),
  paragraph(texts.draft, 'notice'),
  paragraph(texts.customer),
  paragraph(texts.customerPhone),
  paragraph(view.note, 'lines'),
)}
</section>`;
}

function table(view: QuoteDocument): string {
  const numeric = (column: (typeof QUOTE_COLUMNS)[number]) => (column.numeric ? ' class="num"' : '');
  const head = QUOTE_COLUMNS.map((column) => `<th scope="col"${numeric(column)}>${escapeHtml(column.heading)}</th>`).join('');
  const rows = view.lines.map((line) => {
    const cells = QUOTE_COLUMNS.map(
      (column) => `<td data-label="${escapeHtml(column.heading)}"${numeric(column)}>${escapeHtml(column.cell(line))}</td>`,
    );
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table>
<thead><tr>${head}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

function totals(view: QuoteDocument, texts: QuoteTexts): string {
  return lines(
    paragraph(texts.grandTotal, 'total'),
    paragraph(texts.inWords, 'words'),
    paragraph(view.rateLine),
    view.terms ? `<h2>${QUOTE_TERMS}</h2>\n${paragraph(view.terms, 'lines')}` : '',
  );
}

/** The quote's page; `pdfHref` is where 'Download PDF' leads (`/q/:token/pdf`). */
export function renderQuotePage(view: QuoteDocument, pdfHref: string): string {
  const texts = quoteTexts(view);
  const body = lines(
    paragraph(texts.expired, 'notice'),
    company(view, texts),
    quote(view, texts),
    `<p><a href="${escapeHtml(pdfHref)}">Download PDF</a></p>`,
    table(view),
    totals(view, texts),
  );
  return htmlPage(`${QUOTE_TITLE} ${view.label} · ${view.company.name}`, body);
}

/** The 410 of a superseded or cancelled quote. */
export const renderGonePage = () => htmlPage('Quote no longer valid', `<h1>${escapeHtml(QUOTE_GONE)}</h1>`);

/** The 404 of an unknown link. */
export const renderNotFoundPage = () => htmlPage('Quote not found', `<h1>${escapeHtml(QUOTE_NOT_FOUND)}</h1>`);
