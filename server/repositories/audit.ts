import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { AuditAction, AuditChanges, AuditEntry, AuditFilters } from '#src/contract/audit.ts';
import { auditWindow, entityTypeOf, hidesSessionActions, SESSION_ACTIONS } from '#src/domain/audit.ts';
import { namesOf, referencedIds, type AuditReference } from '#src/domain/audit-fields.ts';
import { isPostgres, type Db, type Store } from '#server/db/connect.ts';
import type { AuditLogTable } from '#server/db/schema.ts';
import { inChunks } from './chunks.ts';
import { jsonRowsSelect, sharedColumns, type JsonColumnType, type SharedValue } from './json-rows.ts';
import { mapSlices, readPage, type PageRequest } from './read-page.ts';
import { currentWrite } from './transaction.ts';

/** The channel every server LISTENs on for committed writes (server/events/pg-listener.ts). */
export const AUDIT_CHANNEL = 'audit_log';
/** PostgreSQL's advisory lock that puts entries' ids in the order their writes commit (startup-lock.ts and import-lock.ts have others). */
const AUDIT_ORDER_LOCK = 7_260_120;

/** The columns of a batch's entries: those shared by the whole write first, then each entry's own (ENTRY_TYPES). */
const INSERT_ENTRIES =
  'INSERT INTO audit_log (user_id, user_name, created_at, write_id, action, entity_type, entity_id, entity_name, changes) ';
const ENTRY_TYPES: readonly JsonColumnType[] = ['text', 'text', 'integer', 'text', 'text'];

/** Who makes a write: the signed-in user of the call, named as they are at that moment. */
export type Actor = { id: number; name: string };
/**
 * Writes no person makes through a call (the first admin, the demo loader, test fixtures) pass
 * this instead of an actor: they leave no entry, and a reader of the code sees that they chose so.
 */
export const UNAUDITED = 'unaudited' as const;
export type By = Actor | typeof UNAUDITED;

export type AuditRecord = { action: AuditAction; entityId: number | null; entityName: string; changes: AuditChanges };

/**
 * Appends entries of one write. Call it with the write's own transaction, after the write: a write
 * that fails (or is refused) rolls its entries back with it, and an entry that cannot be written
 * undoes the write. One INSERT whatever the batch's size (json-rows.ts).
 * No function here or anywhere edits or deletes an entry.
 */
export async function recordAudits(trx: Db, by: By, entries: readonly AuditRecord[], now: Date): Promise<void> {
  if (by === UNAUDITED || entries.length === 0) return;
  const shared = await entriesShared(
    trx,
    by,
    entries.map((entry) => entry.action),
    now,
  );
  const rows = entries.map((entry) => [
    entry.action,
    entityTypeOf(entry.action),
    entry.entityId,
    entry.entityName,
    JSON.stringify(entry.changes),
  ]);
  await sql`${sql.raw(INSERT_ENTRIES)}${jsonRowsSelect(trx, ENTRY_TYPES, rows, shared)}`.execute(trx);
}

/**
 * Appends `count` entries of one action that the database makes from rows the write has just
 * written (as recordAudits, whose rules they follow): `made` is a SELECT of each one's
 * `entity_id`, `entity_name` and `changes`, written in the order of their ids. An import's 10,000
 * new models: their entries never come back to JavaScript to be built and sent again.
 */
export async function recordAuditsMade(trx: Db, by: By, action: AuditAction, count: number, made: RawBuilder<unknown>, now: Date) {
  if (by === UNAUDITED || count === 0) return;
  const shared = await entriesShared(trx, by, Array<AuditAction>(count).fill(action), now);
  const own: SharedValue[] = [
    { value: action, type: 'text' },
    { value: entityTypeOf(action), type: 'text' },
  ];
  await sql`${sql.raw(INSERT_ENTRIES)}SELECT ${sharedColumns(trx, [...shared, ...own])}made.entity_id, made.entity_name, made.changes FROM (${made}) AS made ORDER BY made.entity_id`.execute(
    trx,
  );
}

/**
 * What every entry of the write shares (its user, time and write id), once the write may add
 * entries: in its transaction, holding the order lock on PostgreSQL, its actions noted for the
 * listeners of its commit.
 */
async function entriesShared(trx: Db, by: Actor, actions: readonly AuditAction[], now: Date): Promise<SharedValue[]> {
  if (!trx.isTransaction) throw new Error('recordAudit must run in the transaction of its write');
  const write = currentWrite();
  if (!write?.actions.length && isPostgres(trx)) {
    // Live updates read the log by id and must never see an id commit after a greater one (a
    // stream past it would miss it for good). A sequence hands ids out in the order asked, not
    // committed, so a write takes this lock before its first entry and holds it to its end: ids
    // then commit in their order. SQLite's writers already run one at a time. The cost: writes
    // commit one after another from their first entry on (most write it last). The NOTIFY goes
    // out at COMMIT, in that order too, or never when the write rolls back.
    await sql`SELECT pg_advisory_xact_lock(${AUDIT_ORDER_LOCK}), pg_notify(${AUDIT_CHANNEL}, '')`.execute(trx);
  }
  if (write) for (const action of actions) write.actions.push(action);
  return [
    { value: by.id, type: 'integer' },
    { value: by.name, type: 'text' },
    { value: now.toISOString(), type: 'text' },
    { value: write?.id ?? null, type: 'text' },
  ];
}

/** Appends the one entry of a write (see recordAudits). */
export const recordAudit = (trx: Db, by: By, entry: AuditRecord, now: Date) => recordAudits(trx, by, [entry], now);

const AUDIT_COLUMNS = ['id', 'user_id', 'user_name', 'action', 'entity_type', 'entity_id', 'entity_name', 'changes', 'created_at'] as const;

type StoredEntry = Omit<AuditEntry, 'names'>;

const toEntry = (row: Selectable<AuditLogTable>): StoredEntry => ({
  id: row.id,
  userId: row.user_id,
  userName: row.user_name,
  action: row.action as AuditEntry['action'],
  entityType: row.entity_type as AuditEntry['entityType'],
  entityId: row.entity_id === null ? null : Number(row.entity_id),
  entityName: row.entity_name,
  changes: JSON.parse(row.changes) as AuditChanges,
  createdAt: row.created_at,
});

/**
 * A page of entries, newest first in the order their writes took effect: by id, taken after each
 * write holds its lock (its time is when its request arrived), read in slices. Sign-ins and
 * sign-outs only when the action filter names them; each entry with the names of the series and
 * brands its changes hold ids of, as they are now: looked up here rather than written into the
 * entry, so the entries written before the log showed names read the same (docs/design.md §8.8).
 */
export async function listAudit(store: Store, filters: AuditFilters, page: PageRequest) {
  const { after, before } = auditWindow(filters.from, filters.to);
  const query = store.db
    .selectFrom('audit_log')
    .$if(filters.entityType !== undefined, (q) => q.where('entity_type', '=', filters.entityType!))
    .$if(filters.entityId !== undefined, (q) => q.where('entity_id', '=', filters.entityId!))
    .$if(filters.userId !== undefined, (q) => q.where('user_id', '=', filters.userId!))
    .$if(filters.action !== undefined, (q) => q.where('action', '=', filters.action!))
    .$if(hidesSessionActions(filters.action), (q) => q.where('action', 'not in', SESSION_ACTIONS))
    .$if(after !== undefined, (q) => q.where('created_at', '>=', after!))
    .$if(before !== undefined, (q) => q.where('created_at', '<=', before!));
  const { total, rows } = await readPage(store, page, {
    counted: query,
    page: (limit, offset) => query.select(AUDIT_COLUMNS).orderBy('id', 'desc').limit(limit).offset(offset),
    columns: AUDIT_COLUMNS,
    rowOf: toEntry,
  });
  return { total, rows: mapSlices(rows, (slice) => withNames(store.db, slice)) };
}

/** Entries with the names of what they refer to (a slice of a page at a time). */
async function withNames(db: Db, rows: StoredEntry[]): Promise<AuditEntry[]> {
  const names = await referenceNames(db, referencedIds(rows.map((row) => row.changes)));
  const nameOf = (kind: AuditReference, id: number) => names[kind].get(id);
  return rows.map((row) => ({ ...row, names: namesOf(row.changes, nameOf) }));
}

/** The current names of the series and brands of these ids, in chunks of ids (a page of All may name many). */
async function referenceNames(db: Db, ids: Record<AuditReference, number[]>): Promise<Record<AuditReference, Map<number, string>>> {
  const names = { series: new Map<number, string>(), brand: new Map<number, string>() };
  const tables = { series: 'series', brand: 'brands' } as const;
  for (const kind of ['series', 'brand'] as const)
    await inChunks(ids[kind], async (chunk) => {
      const rows = await db.selectFrom(tables[kind]).select(['id', 'name']).where('id', 'in', chunk).execute();
      for (const row of rows) names[kind].set(Number(row.id), row.name);
    });
  return names;
}
