import { afterAll, beforeAll, expect, it } from 'vitest';
import { businessYear } from '#src/domain/business-time.ts';
import { quoteNumber } from '#src/domain/quotes.ts';
import { call, describeEachDatabase, seedCatalogue } from '#tests/api/harness.ts';
import type { ServerProcess } from './server-process.ts';
import { openSharedDatabase, signIn, sized, soakTimeout, type SharedDatabase } from './shared-database.ts';

// docs/design.md §8.1: quote numbers are one gapless sequence per business year, shared by every
// server. Two processes on one database create quotes at once; the numbers must be 1…N exactly.
const PER_SERVER = sized(40, 400);

describeEachDatabase('quote numbers from two server processes at once', (kind) => {
  let shared: SharedDatabase;
  let servers: ServerProcess[];
  let tokens: string[];
  let modelId: number;

  beforeAll(async () => {
    shared = await openSharedDatabase(kind);
    servers = [await shared.start(), await shared.start()];
    const signedIn = await signIn(shared, servers, 2);
    tokens = signedIn.managers;
    modelId = (await shared.inspect((db) => seedCatalogue({ url: servers[0]!.url, db }, signedIn.admin, 'Numbers'))).modelId;
  }, 120_000);
  afterAll(() => shared?.close());

  it(
    `gives ${2 * PER_SERVER} quotes the numbers 1 to ${2 * PER_SERVER} of the year, none twice, none skipped`,
    async () => {
      const create = (s: number) =>
        call(servers[s]!, 'quotes/create', { customerName: `Customer ${s}`, lines: [{ modelId, qty: 1 }] }, tokens[s]);
      const answers = await Promise.all(Array.from({ length: 2 * PER_SERVER }, (_, i) => create(i % 2)));
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([]);

      const year = businessYear(new Date(), 'Asia/Karachi');
      const numbers = await Promise.all(
        answers.map(
          async (answer, i) => (await call(servers[i % 2]!, 'quotes/get', { id: answer.body.id }, tokens[i % 2])).body.quote.number,
        ),
      );
      const expected = Array.from({ length: 2 * PER_SERVER }, (_, i) => quoteNumber(year, i + 1));
      expect([...numbers].sort()).toEqual(expected);
    },
    soakTimeout,
  );
});
