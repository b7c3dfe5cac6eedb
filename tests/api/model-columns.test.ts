import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, seedCatalogue, signInEachRole, startServer, type Role, type TestServer } from './harness.ts';
import { forbidden } from './expected.ts';

// docs/design.md §7.6: a role receives only its columns. Stock (and the minimum stock, §7.3) is level 2, status level 1, and the status
// filter, which would tell the statuses, is level 1 too. Sales get the server's Total instead of the USD price (§8.9,
// answer-shapes.test.ts).

const SHARED = ['brandName', 'id', 'modelCapacityKW', 'modelName', 'seriesName'];
const KEYS: Record<Role, string[]> = {
  admin: [...SHARED, 'modelIsActive', 'modelMinStock', 'modelPriceUsd', 'modelQuantity'].sort(),
  manager: [...SHARED, 'modelMinStock', 'modelPriceUsd', 'modelQuantity'].sort(),
  sales: [...SHARED, 'modelTotal'].sort(),
};
const ROLES = Object.keys(KEYS) as Role[];

describeEachDatabase('models columns by role', (kind) => {
  let server: TestServer;
  let tokens: Record<Role, string>;
  let modelId: number;

  beforeAll(async () => {
    server = await startServer(kind);
    const signedIn = await signInEachRole(server);
    tokens = { admin: signedIn.admin, manager: signedIn.manager, sales: signedIn.sales };
    ({ modelId } = await seedCatalogue(server, tokens.admin, 'Cols'));
    await call(server, 'models/add-stock', { id: modelId, modelQuantity: 7 }, tokens.manager);
  });
  afterAll(() => server.close());

  const rowsFor = async (role: Role, perPage?: number) => {
    const answer = await call(server, 'models', { filters: {}, ...(perPage && { page: 1, per_page: perPage }) }, tokens[role]);
    expect(answer.status).toBe(200);
    return answer.body.tableData.data as Record<string, unknown>[];
  };

  it.each(ROLES)('sends %s only the fields of its role, on a page and at All', async (role) => {
    for (const rows of [await rowsFor(role), await rowsFor(role, 5_000)]) {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(KEYS[role]);
    }
  });

  it('gives the values to the roles that receive them', async () => {
    const model = (rows: Record<string, unknown>[]) => rows.find((row) => row.id === modelId);
    expect(model(await rowsFor('admin'))).toMatchObject({ modelQuantity: 7, modelIsActive: 1, modelPriceUsd: 50 });
    expect(model(await rowsFor('manager'))).toMatchObject({ modelQuantity: 7, modelPriceUsd: 50 });
    // USD 50 at the starting variables (EXCH 280): PKR 14,000, cost 17,500, Total 20,125.
    expect(model(await rowsFor('sales'))).toMatchObject({ modelTotal: 20125 });
  });

  it.each(['manager', 'sales'] as const)('answers 403 to %s filtering by status', async (role) => {
    for (const status of [0, 1, '1']) {
      expect(await call(server, 'models', { filters: { status } }, tokens[role])).toMatchObject({ status: 403, body: forbidden });
    }
    // A blank status is no filter at all, as for every other filter.
    expect((await call(server, 'models', { filters: { status: '' } }, tokens[role])).status).toBe(200);
  });

  it('lets an admin filter by status', async () => {
    const active = await call(server, 'models', { filters: { status: 1 } }, tokens.admin);
    expect(active.status).toBe(200);
    expect(active.body.tableData.data.map((row: { id: number }) => row.id)).toContain(modelId);
    const inactive = await call(server, 'models', { filters: { status: 0 } }, tokens.admin);
    expect(inactive.body.tableData.data.map((row: { id: number }) => row.id)).not.toContain(modelId);
  });
});
