import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { variableNames, type Variables } from '#src/contract/variables.ts';
import { exchAsSeen, variableChanges } from '#src/domain/variable-history.ts';
import type { Db, Store } from '#server/db/connect.ts';
import { VARIABLES_ENTITY_NAME } from '#src/domain/audit.ts';
import { UNAUDITED, type By } from './audit.ts';
import { compiledOnce } from './compiled-once.ts';
import { inTransaction } from './transaction.ts';
import { recordVariableChanges } from './variable-history.ts';
import { auditedUpdate, type Expected } from './versions.ts';

const pickVariables = (row: Variables): Variables => Object.fromEntries(variableNames.map((name) => [name, row[name]])) as Variables;

const VARIABLES_COLUMNS = [...variableNames, 'version'] as const;
type StoredVariables = Variables & { version: number };

// Read by every models call: building and compiling it cost ~40 µs of CPU, more than the database's answer.
const variablesRow = compiledOnce([], (db) => db.selectFrom('variables').select(VARIABLES_COLUMNS).where('id', '=', 1));

// The migrations write the one row; a database without it is not one the server can run on.
const missingRow = () => new Error('the variables row is missing');

export async function readVariables(db: Db): Promise<StoredVariables> {
  const [row] = (await db.executeQuery<StoredVariables>(variablesRow(db, {}))).rows;
  if (!row) throw missingRow();
  return row;
}

/**
 * readVariables outside any transaction, through the RowReader: on PostgreSQL a named statement,
 * parsed and planned once per connection and run straight on the pool, where Kysely's way parsed
 * and planned it afresh each time on a connection it checked out and gave back (every models call
 * reads it; its database shares the server's cores).
 */
export async function readCurrentVariables({ db, readRows }: Store): Promise<StoredVariables> {
  const [values] = await readRows(variablesRow(db, {}), 1);
  if (!values) throw missingRow();
  const row: Record<string, unknown> = {};
  VARIABLES_COLUMNS.forEach((column, i) => (row[column] = values[i]));
  return row as StoredVariables;
}

/** What the writer saw: the version (either call) and the rate (the EXCH box). */
export type VariablesWrite = Expected & { previousExch?: string | undefined };

/**
 * Writes the given variables with their history rows and their `variables.update` entry in one
 * transaction (auditedUpdate: the history's and the entry's old values are exact); the five share
 * one version, raised by every write. Answers the version this write gave them.
 */
export async function writeVariables(db: Db, by: By, values: Partial<Variables>, write: VariablesWrite, now = new Date()): Promise<number> {
  return inTransaction(db, async (trx) => {
    const before = await auditedUpdate(
      trx,
      by,
      {
        table: 'variables',
        id: 1,
        expectedVersion: write.expectedVersion,
        read: readVariables,
        set: () => values,
        // A save that changes nothing still logs its action, with changes {} (docs/design.md §7.2).
        audit: { action: 'variables.update', entityId: null, name: () => VARIABLES_ENTITY_NAME, fields: pickVariables },
      },
      now,
    );
    // Asked once the version is known good, so a stale save is refused as such first; the refusal undoes the write.
    if (!exchAsSeen(before.exch, write.previousExch)) throw fieldError('newExch', fieldMessages.exchChangedMeanwhile);
    const changes = variableChanges(before, values);
    // Like the audit log, the history records what people did: a loader's write (UNAUDITED) leaves none.
    if (changes.length > 0 && by !== UNAUDITED) await recordVariableChanges(trx, changes, by.id, now.toISOString());
    // auditedUpdate answers the record as read under the lock, before its raise.
    return before.version + 1;
  });
}
