import type { ImportPlan } from '#src/domain/import-models.ts';
import { isPostgres, type Db } from '#server/db/connect.ts';

// An import's apply usually follows its preview, with the same file, within a minute or so: the
// preview's plan is kept here so the apply need not read the file, the catalogue and check every
// row again (docs/performance.md, the import), if nothing the plan depends on changed in between.
//
// Whether anything changed is told by the latest audit entry. Every write to brands, series and
// models (their names, series, status, figures and versions: what a plan is made of) records one
// in its own transaction, and on SQLite one writer at a time commits, so ids follow commit order
// and any write committed after the entry was read comes with a larger id. Its write id, a random
// UUID per transaction, tells apart an entry of the same id made after a demo reset restarted the
// ids (server/demo/reset.ts); with no entry at all, nothing is kept. Only on SQLite: PostgreSQL
// takes an id before its transaction commits, so one committing late could hide under a larger id.

/** A preview's plan, with the catalogue's mark when the preview read it (catalogueMark). */
export type KeptPlan = { plan: ImportPlan; mark: string };

/** How long a preview's plan waits for its apply: the admin reads the preview first. */
export const KEPT_FOR_MS = 5 * 60_000;
/** Plans kept per database at most (the latest), each up to 10,000 rows' worth. */
const KEPT_AT_MOST = 4;

type Entry = KeptPlan & { keptAt: number };
const keptPlans = new WeakMap<Db, Map<string, Entry>>();
const plansOf = (db: Db) => {
  let plans = keptPlans.get(db);
  if (!plans) keptPlans.set(db, (plans = new Map()));
  return plans;
};

/**
 * The key of an admin's file: the SHA-256 of its bytes, worked out off the event loop (5 MB take
 * some milliseconds). An upload is a Buffer of an ordinary ArrayBuffer (server/http/multipart.ts),
 * never a shared one, which is all Web Crypto's types object to.
 */
const keyOf = async (userId: number, bytes: Uint8Array) =>
  `${userId}:${Buffer.from(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)).toString('hex')}`;

/**
 * The catalogue's mark: the latest audit entry's id and write id, read before the catalogue;
 * undefined where it tells nothing (PostgreSQL, an empty audit log). Called in the apply's
 * transaction, it is read under the write lock, so nothing can commit between it and the writes.
 */
export async function catalogueMark(db: Db): Promise<string | undefined> {
  if (isPostgres(db)) return undefined;
  const latest = await db.selectFrom('audit_log').select(['id', 'write_id']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return latest && `${latest.id}:${latest.write_id}`;
}

/** Keeps a preview's plan for its apply: only a plan of a file with no error, read against a mark. */
export async function keepPlan(db: Db, userId: number, bytes: Uint8Array, kept: KeptPlan): Promise<void> {
  const key = await keyOf(userId, bytes);
  const plans = plansOf(db);
  plans.delete(key);
  plans.set(key, { ...kept, keptAt: Date.now() });
  // A Map keeps its insertion order: the first is the oldest.
  while (plans.size > KEPT_AT_MOST) plans.delete(plans.keys().next().value!);
}

/** The plan this admin's preview of these very bytes kept, if still fresh; taken, so it serves one apply at most. */
export async function takePlan(db: Db, userId: number, bytes: Uint8Array): Promise<KeptPlan | undefined> {
  const plans = keptPlans.get(db);
  if (!plans || plans.size === 0) return undefined;
  const key = await keyOf(userId, bytes);
  const entry = plans.get(key);
  plans.delete(key);
  return entry && Date.now() - entry.keptAt < KEPT_FOR_MS ? { plan: entry.plan, mark: entry.mark } : undefined;
}
