// Multi-row INSERTs of CHUNK rows: hundreds of single-row statements are slow on PostgreSQL, and
// 200 rows stay well under both databases' bound-parameter limits.
const CHUNK = 200;

export async function inChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await write(rows.slice(start, start + CHUNK));
}
