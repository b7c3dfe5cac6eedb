import { importPreviewResponse, importSummary, type ImportPreview } from '#src/contract/import.ts';
import { rowsJson } from './rows-json.ts';

const previewRows = rowsJson(importPreviewResponse.shape.preview.shape.rows.element);
const summaryKeys = Object.keys(importSummary.shape);

/**
 * models/import-preview's answer, `{"preview":{"rows":[…],"summary":{…}}}`, its rows a slice at a
 * time (rows-json.ts): a preview of 10,000 rows is about 2 MB of JSON, which Fastify's serialiser,
 * written in one go, held the event loop some 30 ms for (docs/design.md §8.9).
 */
export async function* importPreviewJson(preview: ImportPreview): AsyncGenerator<string> {
  yield '{"preview":{"rows":[';
  yield* previewRows(preview.rows);
  yield `],"summary":${JSON.stringify(preview.summary, summaryKeys)}}}`;
}
