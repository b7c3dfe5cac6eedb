import type { AuditAction } from '#src/contract/audit.ts';
import type { WriteEntry } from '#src/domain/live-events.ts';
import type { Db } from '#server/db/connect.ts';
import { inChunks } from './chunks.ts';

// The audit log read as the writes that made it, for live updates (server/events/): by id, which
// is the order writes committed in (audit.ts), each write's entries together.

export type LoggedEntry = WriteEntry & { userId: number };
/** One write: its last entry's id (the event's id) and its entries. */
export type LoggedWrite = { id: number; entries: LoggedEntry[] };

/** Entries read per query: an import's thousands of entries take a few. */
const PAGE = 1_000;

/** The newest entry's id, 0 for an empty log: where a process starts following it. */
export async function newestEntryId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * The writes committed after entry `afterId`, oldest first, a page of complete writes at a time.
 * A write's entries are consecutive ids (audit.ts), so only the last write of a full page may
 * continue on the next; a page that is not full ends with everything committed so far.
 */
export async function* writesAfter(db: Db, afterId: number): AsyncGenerator<LoggedWrite[]> {
  let after = afterId;
  let open: { writeId: string | null; write: LoggedWrite } | undefined;
  for (;;) {
    const rows = await db
      .selectFrom('audit_log')
      .select(['id', 'action', 'entity_id', 'user_id', 'write_id'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    const complete: LoggedWrite[] = [];
    for (const row of rows) {
      const entry: LoggedEntry = {
        action: row.action as AuditAction,
        entityId: row.entity_id === null ? null : Number(row.entity_id),
        userId: row.user_id,
      };
      if (open && row.write_id !== null && row.write_id === open.writeId) {
        open.write.entries.push(entry);
        open.write.id = row.id;
        continue;
      }
      if (open) complete.push(open.write);
      open = { writeId: row.write_id, write: { id: row.id, entries: [entry] } };
    }
    const full = rows.length === PAGE;
    if (!full && open) {
      complete.push(open.write);
      open = undefined;
    }
    if (complete.length > 0) yield complete;
    if (!full) return;
    after = rows.at(-1)!.id;
  }
}

/** Who made each of these quotes: Sales receive events of their own only. */
export async function quoteOwners(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const owners = new Map<number, number>();
  await inChunks([...new Set(ids)], async (chunk) => {
    const rows = await db.selectFrom('quotes').select(['id', 'created_by']).where('id', 'in', chunk).execute();
    for (const row of rows) owners.set(row.id, row.created_by);
  });
  return owners;
}
