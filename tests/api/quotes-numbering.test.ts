import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { readConfig } from '#server/config.ts';
import { freshDatabase } from '#tests/support/test-server.ts';
import { call, createUser, describeEachDatabase, login, seedCatalogue } from './harness.ts';

// docs/design.md §8.1: quote numbers are one gapless sequence per business year, shared by every
// server of one database: two servers on one database create quotes at once, and every number
// from 1 is handed out exactly once.

describeEachDatabase('quotes: numbers from two servers at once', (kind) => {
  const servers: { url: string; close(): Promise<void> }[] = [];
  let drop: () => Promise<void>;
  let tokens: string[] = [];
  let modelId: number;

  beforeAll(async () => {
    const database = await freshDatabase(kind);
    drop = database.drop;
    for (let i = 0; i < 2; i++) {
      const { app, connection } = await buildApp({ ...readConfig({}), databaseUrl: database.url }, false);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      servers.push({ url: `http://127.0.0.1:${port}`, close: () => app.close() });
      if (i === 0) {
        const first = { url: `http://127.0.0.1:${port}`, db: connection.db };
        await createUser(first, 1, 'numbers.admin');
        const admin = await login(first, 'numbers.admin');
        ({ modelId } = await seedCatalogue(first, admin));
      }
    }
    tokens = await Promise.all(servers.map((server) => login(server, 'numbers.admin')));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await drop?.();
  });

  it('hands out every number once, without gaps', async () => {
    const creates = Array.from({ length: 24 }, (_, i) =>
      call(servers[i % 2]!, 'quotes/create', { customerName: `Customer ${i}`, lines: [{ modelId, qty: 1 }] }, tokens[i % 2]),
    );
    const answers = await Promise.all(creates);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const numbers = await Promise.all(
      answers.map(async (answer) => (await call(servers[0]!, 'quotes/get', { id: answer.body.id }, tokens[0])).body.quote.number as string),
    );
    expect(numbers.map((number) => Number(number.slice(-4))).sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  });
});
