import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

const root = new URL('..', import.meta.url).pathname;

/** A port free right now (colleagues run servers on this machine too: never a fixed one). */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export type LoopDelay = { maxMs: number; p99Ms: number };
/** What bench/loop-probe.ts answers: the delays, and the longest work between two turns in CPU time. */
export type LoopReading = LoopDelay & { cpuMaxMs: number };
/** What bench/loop-probe.ts answers about memory: resident size and V8's heap in use, in KiB. */
export type MemoryReading = { rssKiB: number; heapUsedKiB: number };
/** A process the bench loads, with bench/loop-probe.ts preloaded: its address and the CPU time it has used. */
export type Probed = { url: string; cpuMs(): Promise<number> };
export type RunningServer = Probed & {
  pid: number;
  token: string;
  resetLoopDelay(): void;
  readLoopDelay(): Promise<LoopReading>;
  /** After a full collection when started with `--expose-gc`. */
  readMemory(): Promise<MemoryReading>;
  stop(): Promise<void>;
};

async function waitUntilUp(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('the server did not start');
}

export const LOOP_PROBE = `${root}bench/loop-probe.ts`;

/** Asks the probe preloaded into `child` (bench/loop-probe.ts) one question and waits for its answer. */
async function askProbe<Answer>(child: ChildProcess, question: 'read' | 'cpu' | 'memory'): Promise<Answer> {
  child.send(question);
  const [answer] = (await once(child, 'message')) as [Answer];
  return answer;
}

/** The CPU time (user and system) a process running the probe has used since it started. */
export const cpuMsOf = async (child: ChildProcess) => (await askProbe<{ cpuMs: number }>(child, 'cpu')).cpuMs;

/** A call of our API with a JSON body, as the user of `token`; the answer, unless it was not 200 (then it throws). */
export async function callApi(url: string, token: string, name: string, body: unknown): Promise<Response> {
  const response = await fetch(`${url}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** A session token of one of the bench's users (they all share the bench password). */
export async function signInAs(url: string, user: string, password: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user, password }),
  });
  if (!login.ok) throw new Error(`bench sign-in of ${user} failed: ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/**
 * `server/main.ts` as `npm start` runs it, with the event-loop probe preloaded; signed in as the
 * bench user. `env`: settings of its own (METRICS_TOKEN for the metrics' cost); `nodeFlags`: Node's
 * own (`--expose-gc` for the live streams' memory).
 */
export async function startProductionServer(
  databaseUrl: string,
  appDir: string,
  user: string,
  password: string,
  env: Record<string, string> = {},
  nodeFlags: string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  const child = fork(`${root}server/main.ts`, [], {
    execArgv: [...nodeFlags, '--import', LOOP_PROBE],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      APP_DIR: appDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilUp(url, child);
  const token = await signInAs(url, user, password);
  return {
    url,
    token,
    pid: child.pid!,
    cpuMs: () => cpuMsOf(child),
    resetLoopDelay: () => child.send('reset'),
    readLoopDelay: () => askProbe<LoopReading>(child, 'read'),
    readMemory: () => askProbe<MemoryReading>(child, 'memory'),
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
