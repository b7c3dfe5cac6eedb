import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, form, seedCatalogue, signInEachRole, startServer, createUser, type TestServer } from './harness.ts';

// docs/design.md §7.6, no lost updates: get calls answer the record's version, every successful update
// raises it by one, and an update sent with an older version changes nothing (422 under version).

const STALE = { version: ['This record has been changed by someone else. Reload to see it.'] };

describeEachDatabase('record versions', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let ids: { brandId: number; seriesId: number; modelId: number };
  let userId: number;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin, manager } = await signInEachRole(server));
    ids = await seedCatalogue(server, admin, 'Versioned');
    userId = await createUser(server, 3, 'versioned.user');
  });
  afterAll(() => server.close());

  /** Each kind of record: how to read it (with its version) and an update body that changes it. */
  const records = () => [
    {
      name: 'brand',
      get: async () => (await call(server, 'brands/get-brand', { id: ids.brandId }, admin)).body.brand,
      update: (n: number, version?: number) =>
        call(
          server,
          'brands/update-brand',
          form({ id: ids.brandId, brandName: `Brand ${n}`, brandIsActive: 1, ...(version ? { version } : {}) }),
          admin,
        ),
      changed: (record: any) => record.brandName,
    },
    {
      name: 'series',
      get: async () => (await call(server, 'series/get-series', { id: ids.seriesId }, admin)).body.series,
      update: (n: number, version?: number) =>
        call(
          server,
          'series/update-series',
          form({
            id: ids.seriesId,
            seriesName: `Series ${n}`,
            seriesBrandId: ids.brandId,
            seriesIsActive: 1,
            ...(version ? { version } : {}),
          }),
          admin,
        ),
      changed: (record: any) => record.seriesName,
    },
    {
      name: 'model',
      get: async () => (await call(server, 'models/get-model', { id: ids.modelId }, admin)).body.model,
      update: (n: number, version?: number) =>
        call(
          server,
          'models/update-model',
          { id: ids.modelId, modelName: `Model ${n}`, modelPriceUsd: n, modelSeriesId: ids.seriesId, modelIsActive: 1, version },
          admin,
        ),
      changed: (record: any) => record.modelName,
    },
    {
      name: 'user',
      get: async () => (await call(server, 'users/get-user', { id: userId }, admin)).body.user,
      update: (n: number, version?: number) =>
        call(
          server,
          'users/update-user',
          { id: userId, name: `User ${n}`, username: 'versioned.user', roleId: 3, isActive: 1, version },
          admin,
        ),
      changed: (record: any) => record.name,
    },
    {
      name: 'variables',
      get: async () => (await call(server, 'variables', undefined, admin)).body.variables,
      update: (n: number, version?: number) =>
        call(
          server,
          'variables/update-variables',
          { tr: '3.517', exch: String(280 + n), fare: '0.05', duties: '0.2', profit: '0.15', version },
          admin,
        ),
      changed: (record: any) => record.exch,
    },
  ];

  it('get calls answer version 1 for a new record, and each update raises it by one', async () => {
    for (const record of records()) {
      const first = await record.get();
      expect(first.version, record.name).toBe(1);
      expect((await record.update(1)).status, record.name).toBe(200);
      expect((await record.get()).version, record.name).toBe(2);
      expect((await record.update(2, 2)).status, record.name).toBe(200);
      expect((await record.get()).version, record.name).toBe(3);
    }
  });

  it('refuses an update sent with an older version: 422 under version, nothing changed', async () => {
    for (const record of records()) {
      const shown = await record.get();
      expect((await record.update(100, shown.version)).status, record.name).toBe(200);
      const current = await record.get();
      // A second editor who loaded the record before that save.
      const late = await record.update(200, shown.version);
      expect(late.status, record.name).toBe(422);
      expect(late.body.errors, record.name).toEqual(STALE);
      expect(await record.get(), record.name).toEqual(current);
      expect(record.changed(current)).not.toBe(record.changed(shown));
    }
  });

  it('both variables calls raise the one version of the five; update-exch refuses a stale one too', async () => {
    const before = (await call(server, 'variables', undefined, manager)).body.variables.version;
    expect((await call(server, 'variables/update-exch', { exch: '301', version: before }, manager)).status).toBe(200);
    expect((await call(server, 'variables', undefined, manager)).body.variables.version).toBe(before + 1);
    const stale = await call(server, 'variables/update-exch', { exch: '302', version: before }, manager);
    expect(stale.status).toBe(422);
    expect(stale.body.errors).toEqual(STALE);
    expect((await call(server, 'variables', undefined, manager)).body.variables.exch).toBe('301');
  });

  it('stock moves leave the model version alone', async () => {
    const before = (await call(server, 'models/get-model', { id: ids.modelId }, admin)).body.model;
    expect((await call(server, 'models/add-stock', { id: ids.modelId, modelQuantity: 5 }, manager)).status).toBe(200);
    const after = (await call(server, 'models/get-model', { id: ids.modelId }, admin)).body.model;
    expect(after.modelQuantity).toBe(before.modelQuantity + 5);
    expect(after.version).toBe(before.version);
  });
});
