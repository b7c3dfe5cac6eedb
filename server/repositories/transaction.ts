import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { KyselyPlugin } from 'kysely';
import type { AuditAction } from '#src/contract/audit.ts';
import type { Db } from '#server/db/connect.ts';

/**
 * PostgreSQL's deadlock_detected and serialization_failure: the database rolled the transaction
 * back whole, and running it again is the documented answer (SQLite's writers take the file's lock
 * first, sqlite-immediate.ts, and wait for it, so they meet neither).
 */
const CONTENTION_CODES = new Set(['40P01', '40001']);
/** Runs of one transaction at most: a deadlock chooses one victim, so a second run nearly always passes. */
const ATTEMPTS = 5;
/** The longest pause before a run again; random, so two victims of one another do not meet again in step. */
const RETRY_PAUSE_MS = 20;

/** What a server stopping does to the transactions still running (stopTransactions). */
type Drain = { stopping: boolean; committing: Set<Promise<unknown>> };
const drains = new WeakMap<Db, Drain>();
const drainOf = (db: Db): Drain => {
  let drain = drains.get(db);
  if (!drain) drains.set(db, (drain = { stopping: false, committing: new Set() }));
  return drain;
};

/**
 * The write a transaction's run is: its id, which every audit entry it records carries (so one
 * call's entries make one live event, server/events/), and the actions of the entries it recorded
 * (none: unaudited). Kept in the async context of the run rather than passed along, so every
 * repository function that records an entry inside it is covered without a parameter of its own.
 */
export type Write = { id: string; actions: AuditAction[] };
const writes = new AsyncLocalStorage<Write>();
/** The write of the transaction running here, if one opened by inTransaction is. */
export const currentWrite = (): Write | undefined => writes.getStore();

/**
 * Who hears of each committed write that recorded audit entries, with their actions, per database
 * (the live-updates hub, the stock moves of GET /metrics).
 */
type CommitListener = (actions: readonly AuditAction[]) => void;
const committedListeners = new WeakMap<Db, Set<CommitListener>>();
export function onAuditedCommit(db: Db, listener: CommitListener): () => void {
  let listeners = committedListeners.get(db);
  if (!listeners) committedListeners.set(db, (listeners = new Set()));
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The error of a write rolled back because the server stopped before it could commit. */
class StoppedBeforeCommit extends Error {
  constructor() {
    super('The server stopped before this write committed: it was rolled back.');
  }
}

/**
 * Runs writes that belong together in one transaction: the caller's, when it is already in one
 * (the demo loader writes everything in one), or a new one. Kysely cannot nest transactions.
 * A new one that PostgreSQL ends for contention runs again, whole (`work` touches nothing but the
 * database, so nothing of a failed run survives it); one still running when stopTransactions is
 * called is rolled back instead of committed.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  for (let attempt = 1; ; attempt++) {
    try {
      const write: Write = { id: randomUUID(), actions: [] };
      const result = await writes.run(write, () => runOnce(db, work));
      if (write.actions.length > 0) for (const listener of committedListeners.get(db) ?? []) listener(write.actions);
      return result;
    } catch (error) {
      if (attempt >= ATTEMPTS || !CONTENTION_CODES.has((error as { code?: unknown })?.code as string)) throw error;
      await sleep(Math.random() * RETRY_PAUSE_MS * attempt);
    }
  }
}

/** Fails the next statement of a transaction once the server stops: a long write ends there, not at its COMMIT. */
const failWhenStopping = (drain: Drain): KyselyPlugin => ({
  transformQuery: ({ node }) => {
    if (drain.stopping) throw new StoppedBeforeCommit();
    return node;
  },
  transformResult: async ({ result }) => result,
});

function runOnce<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const drain = drainOf(db);
  let committing: { done: Promise<void>; settle: () => void } | undefined;
  const run = db.transaction().execute(async (trx) => {
    const result = await work(trx.withPlugin(failWhenStopping(drain)));
    if (drain.stopping) throw new StoppedBeforeCommit();
    // Kysely sends COMMIT as soon as this returns, within the same run of promise callbacks: no
    // timer (the drain's end) comes in between, so stopTransactions either sees it committing or
    // it sees `stopping` here.
    let settle = () => {};
    committing = { done: new Promise<void>((resolve) => (settle = resolve)), settle };
    drain.committing.add(committing.done);
    return result;
  });
  return run.finally(() => {
    if (!committing) return;
    committing.settle();
    drain.committing.delete(committing.done);
  });
}

/**
 * Called when the server stops taking answers back (the drain's end): every transaction that has
 * not sent its COMMIT yet will roll back instead, and this resolves once those that have sent it
 * are done, so none commits after its client has been cut off.
 */
export async function stopTransactions(db: Db): Promise<void> {
  const drain = drainOf(db);
  drain.stopping = true;
  await Promise.all(drain.committing);
}
