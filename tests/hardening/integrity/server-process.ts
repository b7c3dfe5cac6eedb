import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD } from '#tests/api/harness.ts';

/** The production server (`server/main.ts` on the project's Node 24) as a process of its own. */
export type ServerProcess = {
  url: string;
  pid: number;
  /** Sends the signal and waits until the process is gone; answers its exit code (null if killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** The longest its event loop was held since the last reset: its time, and the main thread's CPU time (bench/loop-probe.ts). */
export type LoopProbe = {
  resetLoopDelay(): void;
  readLoopDelay(): Promise<{ maxMs: number; cpuMaxMs: number }>;
};

const LOOP_PROBE = new URL('../../../bench/loop-probe.ts', import.meta.url).pathname;

function probeOf(child: ChildProcess): LoopProbe {
  return {
    resetLoopDelay: () => child.send('reset'),
    async readLoopDelay() {
      child.send('read');
      const [answer] = await once(child, 'message');
      return answer as { maxMs: number; cpuMaxMs: number };
    },
  };
}

export const ADMIN_USERNAME = 'admin';
const START_LIMIT_MS = 60_000;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

/**
 * Starts a server on a free port over `databaseUrl` (migrating it, and creating the first admin
 * with the test password on an empty database) and resolves once it listens. With `loopProbe`, the
 * bench's event-loop probe is preloaded and asked over an IPC channel.
 */
export async function spawnServer(databaseUrl: string, env?: Record<string, string>): Promise<ServerProcess>;
export async function spawnServer(
  databaseUrl: string,
  env: Record<string, string>,
  options: { loopProbe: true },
): Promise<ServerProcess & LoopProbe>;
export async function spawnServer(
  databaseUrl: string,
  env: Record<string, string> = {},
  { loopProbe = false } = {},
): Promise<ServerProcess & Partial<LoopProbe>> {
  // A free port found by probing can be taken by another process before the server binds it:
  // that start is tried again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(databaseUrl, env, loopProbe);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function spawnOnce(
  databaseUrl: string,
  env: Record<string, string>,
  loopProbe: boolean,
): Promise<ServerProcess & Partial<LoopProbe>> {
  const port = await freePort();
  const child = spawn('node_modules/.bin/node', [...(loopProbe ? ['--import', LOOP_PROBE] : []), 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME,
      ADMIN_PASSWORD: PASSWORD,
      // The line that says the server listens is an info line.
      LOG_LEVEL: 'info',
      // Crash rounds restart the server dozens of times: compiled code from disk halves each start.
      NODE_COMPILE_CACHE: join(tmpdir(), 'ac-integrity-compile-cache'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', ...(loopProbe ? (['ipc'] as const) : [])],
  });
  let output = '';
  let gone = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (gone = true));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  // Ready when this very process says it listens: another one could have taken the port meanwhile.
  const url = `http://127.0.0.1:${port}`;
  let listening = false;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not listen within ${START_LIMIT_MS} ms: ${output}`));
    }, START_LIMIT_MS);
    // Request logs keep coming after that; they are read and dropped so the pipe never fills.
    child.stdout!.on('data', (chunk: Buffer) => {
      if (listening || !(output += chunk.toString()).includes(`Server listening at ${url}`)) return;
      listening = true;
      clearTimeout(timer);
      resolve();
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server exited before listening (code ${child.exitCode}): ${output}`));
    });
  });
  return {
    ...(loopProbe && probeOf(child)),
    url,
    pid: child.pid!,
    async stop(signal = 'SIGTERM') {
      if (!gone) child.kill(signal);
      await exited;
      return child.exitCode;
    },
  };
}

/** Whether the process still exists (signal 0 only checks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
