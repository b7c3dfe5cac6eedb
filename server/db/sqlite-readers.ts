import type { DatabaseSync } from 'node:sqlite';

/**
 * Lends read-only connections to the same file, one read at a time each, for as long as the read's
 * slices are being taken; `close` closes them all (idle now, busy once their read ends).
 */
export type SqliteReaders<Reader> = { lend<T>(read: (reader: Reader) => AsyncIterable<T>): AsyncGenerator<T>; close(): void };

// Large pages take turns two at a time (server/http/paged-json.ts); an export or a preview may run
// beside them. Connections past this many are closed when their read ends rather than kept idle.
const IDLE_READERS = 2;

/**
 * Connections of their own for large reads, so that a read of 300,000 rows in slices no longer
 * holds the server's one connection between its slices: while it runs, every other call's queries
 * (a session check, a small page, a write) take their turn on that connection as usual. In WAL
 * mode a reader's statement keeps its snapshot to its end and blocks no writer. `open` opens one
 * more connection to the file (with what the caller keeps beside it) when none is idle.
 */
export function sqliteReaders<Reader extends { database: DatabaseSync }>(open: () => Reader): SqliteReaders<Reader> {
  const idle: Reader[] = [];
  let closed = false;
  const giveBack = (reader: Reader) => {
    if (closed || idle.length >= IDLE_READERS) reader.database.close();
    else idle.push(reader);
  };
  return {
    async *lend(read) {
      if (closed) throw new Error('the database is closed');
      const reader = idle.pop() ?? open();
      try {
        yield* read(reader);
      } finally {
        giveBack(reader);
      }
    },
    close() {
      closed = true;
      for (const reader of idle.splice(0)) reader.database.close();
    },
  };
}
