import { expect } from 'vitest';
import type { Config } from '#server/config.ts';
import type { DatabaseKind } from '#server/db/connect.ts';
import { call, seedCatalogue, signInEachRole, startServer, type Answer, type TestServer } from './harness.ts';

// A server with a small catalogue at known variables, for the quotes tests (docs/design.md §8.1).
// At EXCH 280, FARE 0.1, DUTIES 0.2, PROFIT 0.1 a 50 USD model costs Rs 18,200 and sells at Rs 20,020:
// PKR 14,000 + FARE 1,400 + DUTIES 2,800 = Cost 18,200; + PROFIT 1,820 = Total 20,020.
export const UNIT_TOTAL = 20_020;
export const UNIT_COST = 18_200;
export const VARIABLES = { tr: '3.5', exch: '280', fare: '0.1', duties: '0.2', profit: '0.1' };

export type QuotesWorld = {
  server: TestServer;
  tokens: { admin: string; manager: string; sales: string; otherSales: string };
  ids: { admin: number; manager: number; sales: number; otherSales: number };
  /** Two active models (50 USD each) and one inactive. */
  models: { a: number; b: number; inactive: number };
};

export async function quotesWorld(kind: DatabaseKind, overrides: Partial<Config> = {}): Promise<QuotesWorld> {
  const server = await startServer(kind, overrides);
  const signedIn = await signInEachRole(server);
  const other = await signInEachRole(server);
  const a = await seedCatalogue(server, signedIn.admin, 'Alpha');
  const b = await seedCatalogue(server, signedIn.admin, 'Beta');
  const gone = await seedCatalogue(server, signedIn.admin, 'Gone');
  await server.db.updateTable('models').set({ is_active: 0 }).where('id', '=', gone.modelId).execute();
  const version = (await server.db.selectFrom('variables').select('version').executeTakeFirstOrThrow()).version;
  const set = await call(server, 'variables/update-variables', { ...VARIABLES, version }, signedIn.admin);
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  await server.db.updateTable('models').set({ quantity: 10 }).execute();
  return {
    server,
    tokens: { admin: signedIn.admin, manager: signedIn.manager, sales: signedIn.sales, otherSales: other.sales },
    ids: { ...signedIn.ids, otherSales: other.ids.sales },
    models: { a: a.modelId, b: b.modelId, inactive: gone.modelId },
  };
}

export const quoteBody = (world: QuotesWorld, extra: Record<string, unknown> = {}) => ({
  customerName: 'Ali Traders',
  customerPhone: '0300 123-4567',
  lines: [
    { modelId: world.models.a, qty: 2, discountPerUnit: 500 },
    { modelId: world.models.b, qty: 1 },
  ],
  ...extra,
});

/** Creates a quote and answers its id. */
export async function createQuote(world: QuotesWorld, token: string, extra: Record<string, unknown> = {}): Promise<number> {
  const answer = await call(world.server, 'quotes/create', quoteBody(world, extra), token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id;
}

export async function getQuote(world: QuotesWorld, id: number, token: string) {
  const answer = await call(world.server, 'quotes/get', { id }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.quote;
}

/** Calls a write on a quote with its current version. */
export async function act(
  world: QuotesWorld,
  name: string,
  id: number,
  token: string,
  extra: Record<string, unknown> = {},
): Promise<Answer> {
  const { version } = await world.server.db.selectFrom('quotes').select('version').where('id', '=', id).executeTakeFirstOrThrow();
  return call(world.server, name, { id, version, ...extra }, token);
}

/** Sends a quote and answers its share link. */
export async function sendQuote(world: QuotesWorld, id: number, token: string): Promise<string> {
  const answer = await act(world, 'quotes/send', id, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.shareUrl;
}

export const success = (responseMessage: string) => ({ responseMessage, responseFlag: 'success' });
