import type { z } from 'zod/mini';
import { rowsJson } from './rows-json.ts';

/** The answer of a call that previews a write: `{preview: {rows, summary}}` (models/import-preview, models/bulk-update). */
type PreviewResponse = z.ZodMiniObject<{ preview: z.ZodMiniObject<{ rows: z.ZodMiniArray<z.ZodMiniObject>; summary: z.ZodMiniObject }> }>;

/**
 * Such an answer, `{"preview":{"rows":[…],"summary":{…}}}`, its rows a slice at a time
 * (rows-json.ts): a preview of 10,000 rows is about 2 MB of JSON, which Fastify's serialiser,
 * written in one go, held the event loop some 30 ms for (docs/design.md §8.9).
 */
export function previewJson<R extends PreviewResponse>(response: R) {
  const { rows, summary } = response.shape.preview.shape;
  const previewRows = rowsJson(rows.def.element);
  const summaryKeys = Object.keys(summary.shape);
  return async function* (preview: z.infer<R>['preview']): AsyncGenerator<string> {
    yield '{"preview":{"rows":[';
    yield* previewRows(preview.rows);
    yield `],"summary":${JSON.stringify(preview.summary, summaryKeys)}}}`;
  };
}
