import { expect } from 'vitest';
import { call } from './harness.ts';
import type { VARIABLES } from './quotes-fixture.ts';
import { type QuotesWorld } from './quotes-fixture.ts';

// Writes the stamp and changes tests make through the API, as people make them, so that their
// history rows and audit entries are the ones the server reads back (docs/design.md §8.2).

/** Sets some of the five variables (the rest as the quotes' world set them), as an admin. */
export async function setVariables(world: QuotesWorld, values: Partial<typeof VARIABLES>) {
  const current = await world.server.db
    .selectFrom('variables')
    .select(['tr', 'exch', 'fare', 'duties', 'profit', 'version'])
    .executeTakeFirstOrThrow();
  const answer = await call(world.server, 'variables/update-variables', { ...current, ...values }, world.tokens.admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** Edits one model through models/update-model, as an admin: its price, or whether it is active. */
export async function editModel(world: QuotesWorld, id: number, change: { priceUsd?: number; isActive?: 0 | 1 }) {
  const model = await world.server.db.selectFrom('models').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const answer = await call(
    world.server,
    'models/update-model',
    {
      id,
      version: model.version,
      modelSeriesId: model.series_id,
      modelName: model.name,
      modelCapacityKW: model.capacity_milli_kw === null ? null : model.capacity_milli_kw / 1000,
      modelPriceUsd: change.priceUsd ?? model.price_cents / 100,
      modelIsActive: change.isActive ?? model.is_active,
      modelMinStock: model.min_stock,
    },
    world.tokens.admin,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}
