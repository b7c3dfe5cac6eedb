import { createHash } from 'node:crypto';

// The shell of the server's public pages (/q/, /v/): one HTML document with no script and one inline
// style, which the CSP admits by its hash and nothing else. A name can hold <, & and quotes, so every
// text goes through escapeHtml and nothing builds markup from stored text any other way.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in an element or a quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

// Readable on a 390 px phone: the table's rows become stacked cards, each cell under its heading.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:16px;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1b1b1b;background:#fff}
main{max-width:960px;margin:0 auto}
h1{font-size:1.5rem;margin:0 0 4px}
h2{font-size:1.1rem;margin:24px 0 4px}
p{margin:4px 0}
.lines{white-space:pre-line}
.notice{padding:12px;border:1px solid #b00020;border-radius:4px;color:#b00020;font-weight:700}
.company,.quote{margin-bottom:16px}
.company p:first-child{font-size:1.1rem;font-weight:700}
.total{font-size:1.2rem;font-weight:700;text-align:right;margin-top:12px}
.words{text-align:right}
table{width:100%;border-collapse:collapse;margin-top:16px}
th,td{padding:6px 8px;border-bottom:1px solid #ccc;text-align:left;vertical-align:top;overflow-wrap:break-word}
th{background:#eee}
.num{text-align:right;white-space:nowrap}
a{color:#1a4f9c}
@media (max-width:640px){
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table,tbody,tr,td{display:block;width:100%}
tr{border:1px solid #ccc;border-radius:4px;margin-bottom:8px;padding:4px 0}
td{display:flex;justify-content:space-between;gap:12px;border:0;padding:2px 8px;text-align:right;overflow-wrap:anywhere}
td::before{content:attr(data-label);flex:none;font-weight:700;text-align:left}
.num{white-space:normal}
}
`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The Content-Security-Policy every public page is sent with: its one style, nothing else. */
export const PUBLIC_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const HTML_TYPE = 'text/html; charset=utf-8';

/** A whole page: `title` is text (escaped here), `body` is markup already escaped by its maker. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
