import type { FastifyBaseLogger } from 'fastify';
import { eventMessages } from '#src/contract/events.ts';
import {
  eventFor,
  eventText,
  MAX_REPLAYED_EVENTS,
  quoteIdsOf,
  STREAMS_PER_USER,
  usersTouched,
  writeKind,
  type LiveEvent,
  type Reader,
  type WriteContext,
} from '#src/domain/live-events.ts';
import type { Db } from '#server/db/connect.ts';
import { liveSessions } from '#server/repositories/event-tickets.ts';
import { newestEntryId, quoteOwners, writesAfter, type LoggedWrite } from '#server/repositories/live-log.ts';
import { readVariables } from '#server/repositories/variables.ts';
import type { Stream } from './stream.ts';

// The live-updates hub of one process (docs/design.md §8.3). It follows the audit log by id, which
// is the order writes commit in (server/repositories/audit.ts), and hands each write to every
// stream as that stream's reader may see it. Woken after each local commit, by PostgreSQL's
// NOTIFY (pg-listener.ts) and by the periodic check; whatever wakes it, it reads the log from where
// it stopped, so a wake that never comes delays an event, never loses it.

/** One open stream: whose, which session, and the last write it has been given (events only grow). */
type Follower = { reader: Reader; sessionId: number; stream: Stream; cursor: number; live: boolean };

export type HubOptions = { db: Db; maxClients: number; sessionCheckMs: number; log: FastifyBaseLogger };

export type Hub = ReturnType<typeof createHub> extends Promise<infer H> ? H : never;

/** An import of a whole catalogue is thousands of entries: a replay reads at most this many before it says `reset`. */
const MAX_REPLAYED_ENTRIES = 50_000;
/** Replayed events written before waiting for the client to take them. */
const REPLAY_BATCH = 50;
const SESSION_EVENT = eventText({ type: 'session', data: {} });
const RESET_EVENT = eventText({ type: 'reset', data: {} });

export async function createHub({ db, maxClients, sessionCheckMs, log }: HubOptions) {
  const followers = new Set<Follower>();
  /** Each user's streams, oldest first. */
  const byUser = new Map<number, Follower[]>();
  let cursor = await newestEntryId(db);
  let pumping = false;
  let again = false;

  /** What the receivers' rules need to know of these writes, read once for all streams. */
  async function contextOf(writes: readonly LoggedWrite[]): Promise<WriteContext> {
    const quoteIds = writes.flatMap((write) => quoteIdsOf(write.entries));
    return {
      quoteOwners: quoteIds.length > 0 ? await quoteOwners(db, quoteIds) : new Map(),
      variables: writes.some((write) => writeKind(write.entries) === 'variables') ? await readVariables(db) : undefined,
    };
  }

  function give(follower: Follower, write: LoggedWrite, context: WriteContext) {
    if (follower.cursor >= write.id) return;
    follower.cursor = write.id;
    const event = eventFor(follower.reader, write.entries, context);
    if (event) follower.stream.send(eventText(event, write.id));
  }

  /**
   * With no stream open there is nobody to give the writes to, nor sessions to end: the hub moves
   * to the log's end without reading them, which after an import is 10,000 entries. A stream
   * opened while the newest id was read starts from the cursor before it, so the writes are then
   * read as they always were.
   */
  async function skippedToEnd(): Promise<boolean> {
    if (followers.size > 0) return false;
    const newest = await newestEntryId(db);
    if (followers.size > 0) return false;
    cursor = Math.max(cursor, newest);
    return true;
  }

  /** Reads every write committed since the last read and gives it to the live streams; one read at a time. */
  async function pump(): Promise<void> {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        if (await skippedToEnd()) continue;
        for await (const writes of writesAfter(db, cursor)) {
          const context = await contextOf(writes);
          // No await between giving a write and moving the cursor: a stream that turns live (catchUp)
          // sees either both or neither.
          for (const write of writes) {
            for (const follower of followers) if (follower.live) give(follower, write, context);
            cursor = write.id;
          }
          await endEndedSessions(writes.flatMap((write) => usersTouched(write.entries)));
        }
      } while (again);
    } catch (error) {
      // The database may be away (a restart, a failover): the next wake reads from the same place.
      log.warn({ err: error }, 'live updates: reading the audit log failed');
    } finally {
      pumping = false;
    }
  }

  /**
   * Sends a new stream what it missed after `after`, then makes it live. More than
   * MAX_REPLAYED_EVENTS missed: one `reset` instead, from the newest entry on.
   */
  async function catchUp(follower: Follower): Promise<void> {
    const missed: [LiveEvent, number][] = [];
    let readTo = follower.cursor;
    let entries = 0;
    // An id past the log's end is no id of this database (restored from a backup?): start over.
    let tooMany = follower.cursor > (await newestEntryId(db));
    read: for await (const writes of tooMany ? [] : writesAfter(db, follower.cursor)) {
      const context = await contextOf(writes);
      for (const write of writes) {
        const event = eventFor(follower.reader, write.entries, context);
        if (event) missed.push([event, write.id]);
        readTo = write.id;
        entries += write.entries.length;
        if (missed.length > MAX_REPLAYED_EVENTS || entries > MAX_REPLAYED_ENTRIES) {
          tooMany = true;
          break read;
        }
      }
    }
    if (tooMany) {
      follower.cursor = await newestEntryId(db);
      follower.stream.send(RESET_EVENT);
    } else {
      for (const [i, [event, id]] of missed.entries()) {
        if (!follower.stream.send(eventText(event, id))) return;
        // A long replay waits for the client now and then rather than piling up in memory.
        if (i % REPLAY_BATCH === REPLAY_BATCH - 1) await follower.stream.drained();
      }
      follower.cursor = readTo;
    }
    // Until the stream is live, what the hub reads passes it by: read again until the hub has
    // given nothing past this stream's cursor. No await between that check and going live.
    while (!follower.stream.closed) {
      if (cursor <= follower.cursor) {
        follower.live = true;
        return;
      }
      for await (const writes of writesAfter(db, follower.cursor)) {
        const context = await contextOf(writes);
        for (const write of writes) give(follower, write, context);
        await follower.stream.drained();
      }
    }
  }

  /** Sends `session` to the streams of these users (all of them when none named) whose session has ended, and closes them. */
  async function endEndedSessions(userIds?: readonly number[]) {
    const checked = [...followers].filter((follower) => userIds === undefined || userIds.includes(follower.reader.id));
    if (checked.length === 0) return;
    const alive = await liveSessions(db, [...new Set(checked.map((follower) => follower.sessionId))]);
    for (const follower of checked) if (!alive.has(follower.sessionId)) follower.stream.end(SESSION_EVENT);
  }

  function remove(follower: Follower) {
    followers.delete(follower);
    const own = byUser.get(follower.reader.id)?.filter((other) => other !== follower) ?? [];
    if (own.length > 0) byUser.set(follower.reader.id, own);
    else byUser.delete(follower.reader.id);
  }

  // Sessions also end with no entry (they expire) and entries may come from a process that cannot
  // notify this one (another on the same SQLite file): both are looked for on a timer too.
  const check = setInterval(() => {
    void pump();
    void endEndedSessions().catch((error: unknown) => log.warn({ err: error }, 'live updates: the session check failed'));
  }, sessionCheckMs);
  check.unref();

  return {
    wake: () => void pump(),
    /** 503 for a new stream: this process holds EVENTS_MAX_CLIENTS already. */
    get full() {
      return followers.size >= maxClients;
    },
    get size() {
      return followers.size;
    },
    refusal: eventMessages.tooManyStreams,
    /**
     * Follows the log for a new stream from `after` (a reconnect's last event id) or from now. A
     * user's sixth stream on this process closes their oldest.
     */
    async follow(stream: Stream, reader: Reader, sessionId: number, after: number | undefined): Promise<void> {
      const follower: Follower = { reader, sessionId, stream, cursor: after ?? cursor, live: after === undefined };
      followers.add(follower);
      const own = [...(byUser.get(reader.id) ?? []), follower];
      byUser.set(reader.id, own);
      stream.onClose(() => remove(follower));
      for (const oldest of own.slice(0, Math.max(0, own.length - STREAMS_PER_USER))) oldest.stream.end();
      if (follower.live) return;
      try {
        await catchUp(follower);
      } catch (error) {
        log.warn({ err: error }, 'live updates: a replay failed');
        stream.end();
      }
    },
    /** Ends every stream at once (SIGTERM): the drain must not wait for them, and their clients reconnect elsewhere. */
    close() {
      clearInterval(check);
      for (const follower of followers) follower.stream.end();
    },
  };
}
