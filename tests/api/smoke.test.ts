import { afterAll, beforeAll, expect, it } from 'vitest';
import { meResponse } from '#src/contract/auth.ts';
import { call, describeEachDatabase, signInEachRole, startServer, seedCatalogue, type TestServer } from './harness.ts';

describeEachDatabase('harness', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server.close());

  it('signs in each role and builds a small catalogue', async () => {
    const tokens = await signInEachRole(server);
    const me = await call(server, 'me', undefined, tokens.manager);
    expect(me.status).toBe(200);
    expect(meResponse.parse(me.body).user.roleId).toBe(2);
    const seeded = await seedCatalogue(server, tokens.admin);
    // Sales no longer receive the quantity (docs/design.md §7.6): the manager reads it.
    const list = await call(server, 'models', {}, tokens.manager);
    expect(list.body.tableData.data).toEqual([
      expect.objectContaining({ id: seeded.modelId, modelCapacityKW: 3.5, modelPriceUsd: 50, modelQuantity: 0 }),
    ]);
  });
});
