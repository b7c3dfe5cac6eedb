import { get, type ClientRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashPassword } from '#server/auth/passwords.ts';
import type { Connection } from '#server/db/connect.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';
import { createSession } from '#server/repositories/sessions.ts';
import { insertUser } from '#server/repositories/users.ts';
import { ROLE_SALES } from '#src/domain/roles.ts';
import { STREAMS_PER_USER } from '#src/domain/live-events.ts';
import { load, median, medianLoad, type Load } from './api.ts';
import { forInformation, plainRow, ratioRow, type Row } from './report.ts';
import { callApi, startProductionServer, type MemoryReading, type RunningServer } from './server.ts';

// Issue 33's speed (docs/design.md §8.3): 1,000 live-update streams, half on each of two servers
// of one PostgreSQL. How long one EXCH change takes to reach the last of them, what each open
// stream costs a server's memory, and what they cost the 500-row models call (in turns, with the
// streams open and with none). The streams are read here with bare node:http, looking only for the
// event's name, so that this process is never what the figure waits for.

export const LIVE_STREAMS = 1_000;
export const LIVE_SERVERS = 2;
const CHANGES = 5;
const LOAD_ROUNDS = 6;
/** Tickets asked for at once: the ticket call is a write, and the point is the streams, not it. */
const TICKETS_AT_ONCE = 20;
const VARIABLES_EVENT = 'event: variables\n';
/** A stream refused or not open within this: the run is broken, not slow. */
const OPEN_TIMEOUT_MS = 30_000;
const EVENT_TIMEOUT_MS = 30_000;
const SESSION_TTL_HOURS = 8;
/**
 * A pause before each load, after the streams opened or closed: the servers finish with the
 * tickets and the hang-ups (and their garbage) before the load, not during it, either way.
 */
const SETTLE_MS = 1_000;

export type LiveFigures = {
  /** From sending the EXCH change to its event on the last stream, each change. */
  lastArrivalMs: number[];
  /** Each server's memory before the streams opened and with them open. */
  memory: { before: MemoryReading; open: MemoryReading }[];
  without: Load;
  with: Load;
};

/**
 * Sales users with one session each, as many as the per-user limit needs (5 streams per user on
 * one server): each user holds 5 streams on each server. Written straight to the database, as the
 * bench's seed writes its users, so no sign-in (or its throttle) is part of the figures.
 */
export async function seedLiveSessions(connection: Connection, password: string): Promise<string[]> {
  const users = LIVE_STREAMS / (STREAMS_PER_USER * LIVE_SERVERS);
  const passwordHash = await hashPassword(password);
  const tokens: string[] = [];
  for (let i = 1; i <= users; i++) {
    const username = `live.${String(i).padStart(3, '0')}`;
    const id = await insertUser(connection.db, UNAUDITED, { name: `Live ${i}`, username, passwordHash, roleId: ROLE_SALES, isActive: 1 });
    tokens.push(await createSession(connection.db, id, SESSION_TTL_HOURS));
  }
  return tokens;
}

type Streams = {
  /** Resolves once every stream has received one more `variables` event. */
  nextVariables(): Promise<void>;
  close(): void;
};

async function ticket(server: RunningServer, token: string): Promise<string> {
  const answer = await callApi(server.url, token, 'events/ticket', {});
  return ((await answer.json()) as { ticket: string }).ticket;
}

/** One stream on its own socket; `onVariables` is called for each `variables` event in it. */
function openOne(server: RunningServer, ticket: string, onVariables: () => void): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = get(`${server.url}/api/events?ticket=${encodeURIComponent(ticket)}`, { agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`GET /api/events answered ${response.statusCode}`));
      response.setEncoding('latin1');
      // The event's name may be cut between two chunks: the end of the last one is looked at again.
      let tail = '';
      response.on('data', (chunk: string) => {
        const text = tail + chunk;
        for (let at = text.indexOf(VARIABLES_EVENT); at >= 0; at = text.indexOf(VARIABLES_EVENT, at + VARIABLES_EVENT.length))
          onVariables();
        tail = text.slice(-(VARIABLES_EVENT.length - 1));
      });
      resolve(request);
    });
    request.on('error', reject);
    request.setTimeout(OPEN_TIMEOUT_MS, () => request.destroy(new Error('GET /api/events did not answer')));
  });
}

/** LIVE_STREAMS streams, spread evenly over the servers, STREAMS_PER_USER of each session on each; resolves once all are open. */
async function openStreams(servers: RunningServer[], tokens: string[]): Promise<Streams> {
  let waiting = 0;
  let arrived: (() => void) | undefined;
  const onVariables = () => {
    waiting -= 1;
    if (waiting === 0) arrived?.();
  };
  const plan = servers.flatMap((server) => tokens.flatMap((token) => Array.from({ length: STREAMS_PER_USER }, () => ({ server, token }))));
  const requests: ClientRequest[] = [];
  const close = () => {
    for (const request of requests) request.destroy();
  };
  try {
    for (let at = 0; at < plan.length; at += TICKETS_AT_ONCE) {
      const batch = plan.slice(at, at + TICKETS_AT_ONCE);
      requests.push(
        ...(await Promise.all(batch.map(async ({ server, token }) => openOne(server, await ticket(server, token), onVariables)))),
      );
    }
  } catch (error) {
    close();
    throw error;
  }
  return {
    nextVariables: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${waiting} streams had no variables event`)), EVENT_TIMEOUT_MS);
        waiting = requests.length;
        arrived = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    close,
  };
}

async function changeExch(server: RunningServer, exch: string) {
  await (await callApi(server.url, server.token, 'variables/update-exch', { exch })).text();
}

/** Each change's time from sending it, on the first server, to its event on the last stream. */
async function timeChanges(servers: RunningServer[], streams: Streams): Promise<number[]> {
  const times: number[] = [];
  for (let change = 0; change < CHANGES; change++) {
    const arrived = streams.nextVariables();
    const started = performance.now();
    await changeExch(servers[0]!, `${290 + change}.40`);
    await arrived;
    times.push(performance.now() - started);
  }
  return times;
}

/** Two production servers of the built app on one PostgreSQL (`--expose-gc`, for the memory), with `tokens` of seedLiveSessions. */
export async function measureLiveStreams(
  databaseUrl: string,
  appDir: string,
  user: string,
  password: string,
  tokens: string[],
): Promise<LiveFigures> {
  const servers: RunningServer[] = [];
  try {
    for (let at = 0; at < LIVE_SERVERS; at++)
      servers.push(await startProductionServer(databaseUrl, appDir, user, password, {}, ['--expose-gc']));
    return await measureOn(servers, tokens);
  } finally {
    for (const server of servers) await server.stop();
  }
}

async function measureOn(servers: RunningServer[], tokens: string[]): Promise<LiveFigures> {
  const [loaded] = servers as [RunningServer];
  await load(loaded, 500, loaded.token, 1);
  const before = await Promise.all(servers.map((server) => server.readMemory()));
  let streams = await openStreams(servers, tokens);
  let opened = true;
  const withLoads: Load[] = [];
  const withoutLoads: Load[] = [];
  const runWith = async () => {
    if (!opened) streams = await openStreams(servers, tokens);
    opened = true;
    await sleep(SETTLE_MS);
    withLoads.push(await load(loaded, 500, loaded.token));
  };
  const runWithout = async () => {
    if (opened) streams.close();
    opened = false;
    await sleep(SETTLE_MS);
    withoutLoads.push(await load(loaded, 500, loaded.token));
  };
  try {
    const open = await Promise.all(servers.map((server) => server.readMemory()));
    const lastArrivalMs = await timeChanges(servers, streams);
    for (let round = 0; round < LOAD_ROUNDS; round++)
      for (const run of round % 2 ? [runWith, runWithout] : [runWithout, runWith]) await run();
    return {
      lastArrivalMs,
      memory: before.map((reading, at) => ({ before: reading, open: open[at]! })),
      without: medianLoad(withoutLoads),
      with: medianLoad(withLoads),
    };
  } finally {
    if (opened) streams.close();
  }
}

export function liveStreamsRows(figures: LiveFigures): Row[] {
  const perStream = (of: keyof MemoryReading) =>
    figures.memory.reduce((sum, { before, open }) => sum + open[of] - before[of], 0) / LIVE_STREAMS;
  const memory = 'Live postgres: server memory per open stream';
  const api = `API postgres 500 rows with ${LIVE_STREAMS} live streams open vs none`;
  const change = `Live postgres: one EXCH change to ${LIVE_STREAMS} streams on two servers`;
  return [
    plainRow(`${change}, the last`, median(figures.lastArrivalMs), 'ms', 1000),
    plainRow(`${change}, the last, worst of ${figures.lastArrivalMs.length} (info)`, Math.max(...figures.lastArrivalMs), 'ms', null),
    plainRow(memory, perStream('rssKiB'), 'KiB', 64),
    plainRow(`${memory}, V8 heap (info)`, perStream('heapUsedKiB'), 'KiB', null),
    ratioRow(`${api}: req/s`, figures.with.rps, figures.without.rps, 'req/s', 0.95, true),
    forInformation(ratioRow(`${api}: p50 (info)`, figures.with.p50, figures.without.p50, 'ms', 1.05)),
    forInformation(ratioRow(`${api}: CPU per call (info)`, figures.with.cpuUs, figures.without.cpuUs, 'µs', 1.05)),
  ];
}
