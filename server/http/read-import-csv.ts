import { Parser } from 'csv-parse';
import { importCsvReading, type ImportCsvReading } from '#src/domain/import-csv.ts';
import { csvBody, decodeImportFile } from '#src/domain/import-text.ts';
import type { CsvRow } from '#src/domain/import-rows.ts';
import { turnByTurn } from '#src/domain/in-slices.ts';

// The server reads an import's file with csv-parse's stream (its Node build), fed a slice of bytes
// at a time, with the event loop let run between slices (docs/design.md §8.9: reading a file never
// holds the loop, whatever its shape). What is made of the records is src/domain/import-csv.ts's,
// as in the mocks, which read the same way in one go.

/**
 * Bytes handed to csv-parse at once: a millisecond or two of its work whatever they hold. 16 KiB
 * of blank rows (",,,,,", each a record csv-parse builds and we skip) cost it tens of milliseconds.
 */
const SLICE_BYTES = 2_048;

/** Writes the body to the parser a slice at a time, yielding after each; stops at the first error. */
function* fed(parser: Parser, body: Uint8Array, reading: ImportCsvReading, sliceBytes: number): Generator<void, unknown> {
  for (let at = 0; at < body.length; at += sliceBytes) {
    // The parser reads each slice as it is written (its records go to on_record, nothing waits to
    // be read), and an error it meets, ours or its own, is its `errored` at once.
    parser.write(body.subarray(at, at + sliceBytes));
    if (parser.errored) return parser.errored;
    reading.linesReadTo(Math.min(at + sliceBytes, body.length));
    yield;
  }
  return undefined;
}

/** The file's rows, or 422 under `file` for anything that is not a CSV of models within the limits. */
export async function readImportCsvInSlices(bytes: Uint8Array, sliceBytes = SLICE_BYTES): Promise<CsvRow[]> {
  const body = csvBody(bytes);
  const reading = importCsvReading(await turnByTurn(decodeImportFile(bytes)), body);
  const parser = new Parser(reading.options);
  // Read from `errored` after each write; without a listener the stream would throw it.
  parser.on('error', () => {});
  try {
    const failure =
      (await turnByTurn(fed(parser, body, reading, sliceBytes))) ??
      // The last record may end with the file, not a line break: read when the stream ends.
      (await new Promise<unknown>((resolve) => parser.end(() => resolve(parser.errored ?? undefined))));
    if (failure) throw reading.refusal(failure);
    return reading.rows();
  } finally {
    // Stopped at a refusal, the rest is never read.
    parser.destroy();
  }
}
