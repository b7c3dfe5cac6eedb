// Multi-row INSERTs of CHUNK rows: hundreds of single-row statements are slow on PostgreSQL, and
// each statement costs Kysely a compile (an import of 10,000 models took 25 % longer in chunks of
// 200). 1,000 rows of our widest table (9 columns) are 9,000 parameters, well under SQLite's
// 32,766 and PostgreSQL's 65,535.
const CHUNK = 1_000;

export async function inChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await write(rows.slice(start, start + CHUNK));
}
