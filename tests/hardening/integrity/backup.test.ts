import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, seedCatalogue } from '#tests/api/harness.ts';
import { ADMIN_USERNAME, type ServerProcess } from './server-process.ts';
import { openSharedDatabase, type SharedDatabase } from './shared-database.ts';

type Run = { code: number | null; stdout: string; stderr: string };

/** `npm run backup -- target` as a process of its own (not awaited synchronously: the writes go on meanwhile). */
function runBackup(databaseUrl: string, target: string): Promise<Run> {
  const child = spawn('node_modules/.bin/node', ['server/backup.ts', target], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run backup on SQLite, while a server writes', () => {
  let shared: SharedDatabase;
  let server: ServerProcess;
  let admin: string;
  let modelId: number;
  const folder = mkdtempSync(join(tmpdir(), 'ac-backup-'));

  beforeAll(async () => {
    shared = await openSharedDatabase('sqlite');
    server = await shared.start();
    admin = await login(server, ADMIN_USERNAME);
    ({ modelId } = await shared.inspect((db) => seedCatalogue({ url: server.url, db }, admin, 'Backup')));
  });
  afterAll(async () => {
    await shared?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('copies consistently: the copy passes integrity_check and holds every write answered before it began', async () => {
    let answered = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const answer = await call(server, 'models/add-stock', { id: modelId, modelQuantity: 1 }, admin);
        expect(answer.status).toBe(200);
        answered += 1;
      }
    })();
    while (answered < 20) await new Promise((resolve) => setTimeout(resolve, 10));

    const target = join(folder, 'copy.db');
    const answeredBefore = answered;
    const run = await runBackup(shared.url, target);
    const answeredDuring = answered - answeredBefore;
    writing = false;
    await writer;

    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(target);
    // The server kept answering while the copy was taken.
    expect(answeredDuring).toBeGreaterThan(0);

    const copy = new DatabaseSync(target, { readOnly: true });
    try {
      expect(copy.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      const { logs } = copy.prepare('SELECT count(*) AS logs FROM stock_logs WHERE model_id = ?').get(modelId) as { logs: number };
      const { quantity } = copy.prepare('SELECT quantity FROM models WHERE id = ?').get(modelId) as { quantity: number };
      expect(logs).toBeGreaterThanOrEqual(answeredBefore);
      expect(logs).toBeLessThanOrEqual(answered);
      // One snapshot: the quantity and the log agree.
      expect(quantity).toBe(logs);
      expect(copy.prepare('SELECT username FROM users').all()).toEqual([{ username: ADMIN_USERNAME }]);
    } finally {
      copy.close();
    }
  }, 60_000);

  it('refuses to overwrite an existing file: exit status not 0, a clear message, the file untouched', async () => {
    const target = join(folder, 'taken.db');
    expect((await runBackup(shared.url, target)).code).toBe(0);
    const before = readFileSync(target);
    const run = await runBackup(shared.url, target);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`${target} already exists: a backup never overwrites a file.`);
    expect(readFileSync(target).equals(before)).toBe(true);
  });

  it('on PostgreSQL says to use pg_dump and writes nothing', async () => {
    const target = join(folder, 'pg.db');
    const run = await runBackup('postgres://postgres@127.0.0.1:5432/postgres', target);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('pg_dump');
    expect(existsSync(target)).toBe(false);
  });
});
