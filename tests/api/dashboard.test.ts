import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, form, images, signInEachRole, startServer, type TestServer } from './harness.ts';
import { ok } from './expected.ts';

// docs/design.md §7.3: the dashboard gives every signed-in user the rate, level 2 the stock and
// level 1 the catalogue's counts and the exact stock value.

const KEYS = {
  sales: ['exch', 'exchChangedAt', 'exchChangedBy'],
  manager: ['exch', 'exchChangedAt', 'exchChangedBy', 'exchHistory', 'lowStock', 'lowStockCount', 'recentMoves'],
  admin: ['counts', 'exch', 'exchChangedAt', 'exchChangedBy', 'exchHistory', 'lowStock', 'lowStockCount', 'recentMoves', 'stockValuePkr'],
};

describeEachDatabase('dashboard', (kind) => {
  let server: TestServer;
  let tokens: { admin: string; manager: string; sales: string };
  let managerName: string;
  let adminName: string;
  const model: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer(kind);
    const signedIn = await signInEachRole(server);
    tokens = signedIn;
    const nameOf = async (id: number) =>
      (await server.db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
    managerName = await nameOf(signedIn.ids.manager);
    adminName = await nameOf(signedIn.ids.admin);
    await call(server, 'brands/add-brand', form({ brandName: 'Dash' }, { brandImage: { bytes: images.png, name: 'b.png' } }), tokens.admin);
    const brandId = (await server.db.selectFrom('brands').select('id').executeTakeFirstOrThrow()).id;
    await call(
      server,
      'series/add-series',
      form({ seriesName: 'Board', seriesBrandId: brandId }, { seriesImage: { bytes: images.png, name: 's.png' } }),
      tokens.admin,
    );
    const seriesId = (await server.db.selectFrom('series').select('id').executeTakeFirstOrThrow()).id;
    // USD 50 at exch 281.15 is PKR 14,057.5 → 14,058 (docs/design.md §6): floats would say 14,057.
    await call(
      server,
      'variables/update-variables',
      { tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' },
      tokens.admin,
    );
    for (const [name, price, minStock] of [
      ['M50', 50, 10],
      ['M1999', 19.99, 3],
      ['MOff', 100, 0],
      ['MNone', 7, 0],
    ] as const) {
      await call(
        server,
        'models/add-model',
        { modelName: name, modelPriceUsd: price, modelSeriesId: seriesId, modelMinStock: minStock },
        tokens.admin,
      );
      model[name] = (await server.db.selectFrom('models').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    }
    const stock = (id: number, modelQuantity: number, path = 'models/add-stock', note?: string) =>
      call(server, path, { id, modelQuantity, note }, tokens.manager);
    await stock(model.M50!, 7);
    await stock(model.M1999!, 5);
    await stock(model.M1999!, 2, 'models/remove-stock', 'Order 5');
    await stock(model.MOff!, 4);
    const off = await call(server, 'models/get-model', { id: model.MOff }, tokens.admin);
    await call(
      server,
      'models/update-model',
      { id: model.MOff, modelName: 'MOff', modelPriceUsd: 100, modelSeriesId: seriesId, modelIsActive: 0, version: off.body.model.version },
      tokens.admin,
    );
  });
  afterAll(() => server.close());

  const dashboardOf = async (role: keyof typeof tokens) => ok('dashboard', await call(server, 'dashboard', {}, tokens[role])).dashboard;

  it.each(['sales', 'manager', 'admin'] as const)('gives %s the parts of its level only', async (role) => {
    const answer = await call(server, 'dashboard', {}, tokens[role]);
    expect(Object.keys(answer.body.dashboard).sort()).toEqual(KEYS[role]);
    // The admin's update-variables above moved the rate from the migration's default: the last change on record.
    expect(answer.body.dashboard).toMatchObject({ exch: '281.15', exchChangedAt: expect.any(String), exchChangedBy: adminName });
  });

  it('lists the low-stock models lowest first, and the last moves newest first with their notes', async () => {
    const dashboard = await dashboardOf('manager');
    expect(dashboard.lowStockCount).toBe(2);
    expect(dashboard.lowStock).toEqual([
      { id: model.M1999, brandName: 'Dash', seriesName: 'Board', modelName: 'M1999', modelQuantity: 3, modelMinStock: 3 },
      { id: model.M50, brandName: 'Dash', seriesName: 'Board', modelName: 'M50', modelQuantity: 7, modelMinStock: 10 },
    ]);
    expect(dashboard.recentMoves!.map((row) => [row.modelId, row.modelName, row.quantity, row.quantityType, row.note, row.name])).toEqual([
      [model.MOff, 'MOff', 4, 1, null, managerName],
      [model.M1999, 'M1999', 2, 2, 'Order 5', managerName],
      [model.M1999, 'M1999', 5, 1, null, managerName],
      [model.M50, 'M50', 7, 1, null, managerName],
    ]);
  });

  it('counts the catalogue and values the active stock exactly at the current variables', async () => {
    const dashboard = await dashboardOf('admin');
    expect(dashboard.counts).toEqual({ brands: 1, series: 1, models: 4, activeModels: 3, users: 3 });
    // M50: pkr 14058, fare 703, duties 2812, cost 17573, profit 2636, total 20209; × 7 = 141463.
    // M1999: pkr 5620 (5620.1885), fare 281, duties 1124, cost 7025, profit 1054 (1053.75), total 8079; × 3 = 24237.
    // MOff is inactive, MNone has no stock.
    expect(dashboard.stockValuePkr).toBe('165700');
  });

  it('follows a new rate at once, names who changed it and draws it in the 90-day points', async () => {
    const startedAt = new Date().toISOString();
    await call(server, 'variables/update-exch', { exch: '300' }, tokens.manager);
    const dashboard = await dashboardOf('admin');
    expect(dashboard.exch).toBe('300');
    expect(dashboard.exchChangedBy).toBe(managerName);
    expect(dashboard.exchChangedAt! >= startedAt).toBe(true);
    expect(dashboard.exchHistory!.map((point) => point.value)).toEqual(['281.15', '300']);
    // M50: 15000, 750, 3000 → 18750, 2813 (2812.5) → 21563 × 7 = 150941; M1999: 5997, 300, 1199 → 7496, 1124 (1124.4) → 8620 × 3 = 25860.
    expect(dashboard.stockValuePkr).toBe('176801');
  });
});
