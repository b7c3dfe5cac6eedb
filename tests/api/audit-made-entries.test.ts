import { afterAll, beforeAll, expect, it } from 'vitest';
import { diffChanges } from '#src/domain/audit.ts';
import { insertModels, type NewModel } from '#server/repositories/models.ts';
import { describeEachDatabase, seedCatalogue, signInEachRole, startServer, type TestServer } from './harness.ts';

// A new model's audit entry is made by the database from the inserted row (models.ts,
// json-text.ts): its `changes` must be, character for character, the JSON that JavaScript wrote
// when it made them, whatever the name's characters and the figures' decimals.

const NAMES = [
  'plain',
  'q"uote',
  'back\\slash',
  'tab\tx',
  'nl\nx',
  'cr\rx',
  'ff\fx',
  'bs\bx',
  'c1\u0001x',
  'us\u001fx',
  'del\u007fx',
].concat(['ls\u2028x', 'ps\u2029x', 'émoji 😀', 'Ѕеriеѕ', '</script>', "apos'x", 'zw\u200bx']);
const CAPACITIES = [null, 0, 0.001, 0.01, 0.1, 0.5, 2.1, 2.125, 10, 100.1, 123456.78, 999_999.999];
const PRICES = [0, 0.01, 0.07, 0.1, 1, 10.1, 250, 250.05, 250.5, 1_234_567.8, 99_999_999.99];

describeEachDatabase('audit entries the database makes', (kind) => {
  let server: TestServer;
  let seriesId: number;
  let actor: { id: number; name: string };

  beforeAll(async () => {
    server = await startServer(kind);
    const { admin, ids, usernames } = await signInEachRole(server);
    ({ seriesId } = await seedCatalogue(server, admin, 'Made'));
    actor = { id: ids.admin, name: usernames.admin };
  });
  afterAll(() => server.close());

  it("writes a new model's changes as JSON.stringify wrote them", async () => {
    const models: NewModel[] = NAMES.flatMap((name, n) =>
      CAPACITIES.map((capacityKw, c) => ({
        seriesId,
        name: `${name} ${c}`,
        capacityKw,
        priceUsd: PRICES[(n + c) % PRICES.length]!,
        isActive: ((n + c) % 2) as 0 | 1,
        ...(c % 3 === 0 && { minStock: n + c }),
      })),
    );
    await insertModels(server.db, actor, models);
    const entries = await server.db
      .selectFrom('audit_log')
      .select(['entity_name', 'changes'])
      .where('action', '=', 'model.create')
      .where(
        'entity_name',
        'in',
        models.map((model) => model.name),
      )
      .orderBy('id')
      .execute();
    const expected = models.map((model) => ({
      entity_name: model.name,
      changes: JSON.stringify(
        diffChanges(null, {
          modelName: model.name,
          modelCapacityKW: model.capacityKw,
          modelPriceUsd: model.priceUsd,
          modelSeriesId: model.seriesId,
          modelIsActive: model.isActive,
          modelMinStock: model.minStock ?? 0,
        }),
      ),
    }));
    expect(entries).toEqual(expected);
  });
});
