import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { readConfig } from './config.ts';
import { databaseKind } from './db/connect.ts';

// `npm run backup -- PATH`: a consistent copy of the SQLite database the server uses
// (DATABASE_URL, read as the server reads it), taken while the server keeps serving.
// docs/design.md §7.5; the README says how to restore it.

export type BackupResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * `VACUUM INTO` writes the database as one read transaction sees it: a snapshot of committed
 * writes, in WAL mode without stopping the writers (a write answered before the copy began is in
 * it). It never overwrites: an existing path is refused before anything is written, and SQLite
 * itself refuses to vacuum into an existing non-empty file should one appear meanwhile.
 */
export function backup(databaseUrl: string, target: string | undefined): BackupResult {
  if (!target) return { ok: false, message: 'Usage: npm run backup -- PATH (the file to write the copy to).' };
  if (databaseKind(databaseUrl) === 'postgres') {
    return {
      ok: false,
      message: 'DATABASE_URL names a PostgreSQL database: back it up with pg_dump (e.g. pg_dump -Fc). Nothing was written.',
    };
  }
  const source = databaseUrl.slice('sqlite:'.length);
  const output = resolve(target);
  if (source === ':memory:' || !existsSync(source)) return { ok: false, message: `There is no SQLite database at ${source}.` };
  if (existsSync(output)) return { ok: false, message: `${output} already exists: a backup never overwrites a file. Choose a new path.` };
  const database = new DatabaseSync(source, { timeout: 10_000 });
  try {
    database.prepare('VACUUM INTO ?').run(output);
  } catch (error) {
    return { ok: false, message: `The backup failed: ${(error as Error).message}` };
  } finally {
    database.close();
  }
  return { ok: true, message: `Backed up ${source} to ${output}.` };
}

if (import.meta.main) {
  const result = backup(readConfig().databaseUrl, process.argv[2]);
  (result.ok ? process.stdout : process.stderr).write(`${result.message}\n`);
  process.exitCode = result.ok ? 0 : 1;
}
