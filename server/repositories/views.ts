import type { Insertable, Selectable } from 'kysely';
import { fieldError } from '#src/contract/errors.ts';
import { viewMessages, type ViewScreen } from '#src/contract/views.ts';
import { nameKey } from '#src/domain/names.ts';
import { mayDeleteView, viewChanges, type StoredView, type ViewValues, type Viewer } from '#src/domain/views.ts';
import { isPostgres, type Db } from '#server/db/connect.ts';
import type { SavedViewsTable } from '#server/db/schema.ts';
import { recordAudit, type Actor } from './audit.ts';
import { inTransaction } from './transaction.ts';
import { writeUniquely } from './unique.ts';

// Saved views (docs/design.md §8.4). The rules are src/domain/views.ts's; here they are stored.

type Row = Selectable<SavedViewsTable> & { owner_name: string };

const toView = (row: Row): StoredView => ({
  id: row.id,
  userId: row.user_id,
  screen: row.screen as ViewScreen,
  name: row.name,
  search: row.search,
  columns: row.columns === null ? null : (JSON.parse(row.columns) as string[]),
  shared: row.shared === 1 ? 1 : 0,
  isDefault: row.is_default === 1 ? 1 : 0,
  ownerName: row.owner_name,
});

const selectViews = (db: Db) =>
  db.selectFrom('saved_views as v').innerJoin('users as u', 'u.id', 'v.user_id').selectAll('v').select('u.name as owner_name');

/** The user's own views of the screen and the shared ones, by name. */
export async function listViews(db: Db, user: Viewer, screen: ViewScreen): Promise<StoredView[]> {
  const rows = await selectViews(db)
    .where('v.screen', '=', screen)
    .where((eb) => eb.or([eb('v.user_id', '=', user.id), eb('v.shared', '=', 1)]))
    .orderBy('v.name_key')
    .orderBy('v.id')
    .execute();
  return rows.map(toView);
}

const columnsOf = (values: ViewValues) => ({
  screen: values.screen,
  name: values.name,
  name_key: nameKey(values.name),
  search: values.search,
  columns: values.columns === null ? null : JSON.stringify(values.columns),
  shared: values.shared,
  is_default: values.isDefault,
});

/**
 * Saves of one user's views take turns: PostgreSQL locks the user's row (no key update, so rows
 * naming the user are still written meanwhile); SQLite's BEGIN IMMEDIATE already holds the file.
 * Two saves each making a new default then never both find no other to clear.
 */
async function saveInTurn(trx: Db, userId: number): Promise<void> {
  if (isPostgres(trx)) await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/** A new default takes the place of the user's old one on that screen, cleared before it is written (saved_views_one_default). */
async function clearDefault(trx: Db, userId: number, screen: ViewScreen): Promise<void> {
  await trx
    .updateTable('saved_views')
    .set({ is_default: 0 })
    .where('user_id', '=', userId)
    .where('screen', '=', screen)
    .where('is_default', '=', 1)
    .execute();
}

/**
 * Creates a view, or updates the user's own view `id` of the same screen (anyone else's, or one of
 * another screen, is an unknown id), with its audit entry; a taken name is 422 under `name`.
 */
export async function saveView(db: Db, actor: Actor, id: number | undefined, values: ViewValues): Promise<void> {
  const now = new Date();
  await writeUniquely('name', viewMessages.nameTaken, () =>
    inTransaction(db, async (trx) => {
      await saveInTurn(trx, actor.id);
      const before = id === undefined ? null : await ownView(trx, actor.id, id, values.screen);
      if (values.isDefault === 1) await clearDefault(trx, actor.id, values.screen);
      const written = { ...columnsOf(values), user_id: actor.id, updated_at: now.toISOString() };
      const savedId = before === null ? await insertView(trx, { ...written, created_at: now.toISOString() }) : before.id;
      if (before !== null) await trx.updateTable('saved_views').set(written).where('id', '=', before.id).execute();
      const action = before === null ? 'view.create' : 'view.update';
      await recordAudit(trx, actor, { action, entityId: savedId, entityName: values.name, changes: viewChanges(before, values) }, now);
    }),
  );
}

async function insertView(trx: Db, values: Insertable<SavedViewsTable>): Promise<number> {
  return (await trx.insertInto('saved_views').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

async function ownView(trx: Db, userId: number, id: number, screen: ViewScreen): Promise<StoredView> {
  const row = await selectViews(trx)
    .where('v.id', '=', id)
    .where('v.user_id', '=', userId)
    .where('v.screen', '=', screen)
    .executeTakeFirst();
  if (!row) throw fieldError('id', viewMessages.unknownView);
  return toView(row);
}

/** Deletes a view its owner (or an admin, a shared one) may delete, with its audit entry; any other id is unknown. */
export async function deleteView(db: Db, actor: Actor & Viewer, id: number): Promise<void> {
  const now = new Date();
  await inTransaction(db, async (trx) => {
    const row = await selectViews(trx).where('v.id', '=', id).executeTakeFirst();
    const view = row && toView(row);
    if (!view || !mayDeleteView(actor, view)) throw fieldError('id', viewMessages.unknownView);
    await trx.deleteFrom('saved_views').where('id', '=', id).execute();
    await recordAudit(trx, actor, { action: 'view.delete', entityId: id, entityName: view.name, changes: viewChanges(view, null) }, now);
  });
}
