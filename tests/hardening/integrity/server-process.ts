import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PASSWORD } from '../../api/harness.ts';

/** The production server (`server/main.ts` on the project's Node 24) as a process of its own. */
export type ServerProcess = {
  url: string;
  pid: number;
  /** Sends the signal and waits until the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
};

export const ADMIN_USERNAME = 'admin';

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
 * with the test password on an empty database) and resolves once it answers HTTP.
 */
export async function spawnServer(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn('node_modules/.bin/node', ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ADMIN_USERNAME,
      ADMIN_PASSWORD: PASSWORD,
      // Request logs would only slow the machine down; errors still reach stderr.
      LOG_LEVEL: 'warn',
      // Crash rounds restart the server dozens of times: compiled code from disk halves each start.
      NODE_COMPILE_CACHE: join(tmpdir(), 'ac-integrity-compile-cache'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (gone) throw new Error(`the server exited before listening (code ${child.exitCode}): ${stderr}`);
    try {
      await fetch(`${url}/api/me`, { method: 'POST' });
      break;
    } catch {
      await sleep(25);
    }
  }
  return {
    url,
    pid: child.pid!,
    async stop(signal = 'SIGTERM') {
      if (!gone) child.kill(signal);
      await exited;
    },
  };
}
