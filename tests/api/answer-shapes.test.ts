import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computePrices } from '#src/domain/prices.ts';
import { call, describeEachDatabase, signInEachRole, startServer, type Role, type TestServer } from './harness.ts';
import { forbidden, ok } from './expected.ts';
import { seedSortCatalogue, VARIABLES, type SortLabel } from './sort-catalogue.ts';

// docs/design.md §8.9: answers carry only what the caller's screens show. The probe found that Sales
// received every model's USD price and all five variables (enough to work out Cost and Profit
// exactly), and Managers a model's Status through models/get-model. Every answer that carries model
// or variable data is checked here, role by role, key by key.

// The Totals of the sort catalogue at its variables (USD 50 at EXCH 281.15 gives Total 20,209).
const TOTALS: Record<SortLabel, number> = { a1: 68707, a2: 20209, a3: 20209, a4: 4042, b1: 40411 };

const SHARED_ROW = ['brandName', 'id', 'modelCapacityKW', 'modelName', 'seriesName'];
const ROW_KEYS: Record<Role, string[]> = {
  admin: [...SHARED_ROW, 'modelIsActive', 'modelMinStock', 'modelPriceUsd', 'modelQuantity'].sort(),
  manager: [...SHARED_ROW, 'modelMinStock', 'modelPriceUsd', 'modelQuantity'].sort(),
  sales: [...SHARED_ROW, 'modelTotal'].sort(),
};
const DETAIL_SHARED = [
  'brandName',
  'id',
  'modelBrandId',
  'modelCapacityKW',
  'modelMinStock',
  'modelName',
  'modelPriceUsd',
  'modelQuantity',
  'modelSeriesId',
  'seriesName',
  'version',
];
const VARIABLE_KEYS: Record<Role, string[]> = {
  admin: ['duties', 'exch', 'fare', 'profit', 'tr', 'version'],
  manager: ['duties', 'exch', 'fare', 'profit', 'tr', 'version'],
  sales: ['exch', 'tr', 'version'],
};
const DASHBOARD_KEYS: Record<Role, string[]> = {
  sales: ['exch', 'exchChangedAt', 'exchChangedBy'],
  manager: ['exch', 'exchChangedAt', 'exchChangedBy', 'exchHistory', 'lowStock', 'lowStockCount', 'recentMoves'],
  admin: ['counts', 'exch', 'exchChangedAt', 'exchChangedBy', 'exchHistory', 'lowStock', 'lowStockCount', 'recentMoves', 'stockValuePkr'],
};
const ROLES: Role[] = ['admin', 'manager', 'sales'];
const keys = (value: object) => Object.keys(value).sort();

describeEachDatabase('answers carry only what the screens show', (kind) => {
  let server: TestServer;
  let tokens: Record<Role, string>;
  let ids: Record<SortLabel, number>;
  let adminId: number;

  beforeAll(async () => {
    server = await startServer(kind);
    const signedIn = await signInEachRole(server);
    tokens = { admin: signedIn.admin, manager: signedIn.manager, sales: signedIn.sales };
    adminId = signedIn.ids.admin;
    ids = await seedSortCatalogue(server, signedIn.ids.manager);
  });
  afterAll(() => server.close());

  const rowsFor = async (role: Role, body: Record<string, unknown> = {}) =>
    ok('models', await call(server, 'models', { filters: {}, ...body }, tokens[role])).tableData.data as Record<string, unknown>[];
  const labelOf = (id: unknown) => (Object.keys(ids) as SortLabel[]).find((label) => ids[label] === id)!;
  const csvFor = async (role: Role) => {
    const answer = await call<string>(server, 'models/export', { filters: {} }, tokens[role]);
    expect(answer.status).toBe(200);
    return answer.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));
  };

  describe('models', () => {
    it.each(ROLES)('sends %s only its fields, on a page and at All', async (role) => {
      for (const rows of [await rowsFor(role), await rowsFor(role, { page: 1, per_page: 5_000 })]) {
        // Sales are not offered b1, an inactive model (docs/design.md §8.8).
        expect(rows.length).toBe(role === 'sales' ? 4 : 5);
        for (const row of rows) expect(keys(row)).toEqual(ROW_KEYS[role]);
      }
    });

    it('gives Sales the Total src/domain works out on the server, in whole rupees', async () => {
      for (const row of await rowsFor('sales')) {
        const label = labelOf(row.id);
        expect(row.modelTotal, label).toBe(TOTALS[label]);
        const usd = (await rowsFor('admin')).find((admin) => admin.id === row.id)!.modelPriceUsd as number;
        expect(row.modelTotal).toBe(Number(computePrices(usd, VARIABLES).total));
      }
    });

    it('lets Sales sort by Total (`price`) as before, both ways', async () => {
      const asc = (await rowsFor('sales', { sort: 'price.asc' })).map((row) => labelOf(row.id));
      expect(asc).toEqual(['a4', 'a2', 'a3', 'a1']);
      const desc = await rowsFor('sales', { sort: 'price.desc' });
      expect(desc.map((row) => labelOf(row.id))).toEqual(['a1', 'a2', 'a3', 'a4']);
      const totals = desc.map((row) => row.modelTotal as number);
      expect(totals).toEqual(totals.toSorted((a, b) => b - a));
    });

    it("follows a rate change at the next read: Sales' Total is the current one", async () => {
      const { version } = ok('variables', await call(server, 'variables', undefined, tokens.admin)).variables;
      const changed = await call(server, 'variables/update-exch', { exch: '300', version }, tokens.manager);
      expect(changed.status).toBe(200);
      try {
        const a2 = (await rowsFor('sales')).find((row) => row.id === ids.a2)!;
        expect(a2.modelTotal).toBe(Number(computePrices(50, { ...VARIABLES, exch: '300' }).total));
      } finally {
        await call(server, 'variables/update-exch', { exch: VARIABLES.exch, version: changed.body.version }, tokens.manager);
      }
    });
  });

  describe('models/export', () => {
    it('writes no Price USD nor any figure but Total for Sales and Managers, and the same Total as the list', async () => {
      const [adminHeader] = await csvFor('admin');
      expect(adminHeader).toContain('Price USD');
      for (const role of ['manager', 'sales'] as const) {
        const [header, ...records] = await csvFor(role);
        for (const hidden of ['Price USD', 'Price PKR', 'Fare', 'Duties', 'Cost', 'Profit', 'Capacity-TR', 'Status']) {
          expect(header, role).not.toContain(hidden);
        }
        // Counted from the end: a quoted name holds a comma.
        const fromEnd = header!.length - header!.indexOf('Total');
        // Sales are not offered b1, an inactive model (docs/design.md §8.8).
        const labels = role === 'sales' ? (['a1', 'a2', 'a3', 'a4'] as const) : (['a1', 'a2', 'a3', 'a4', 'b1'] as const);
        expect(records.map((record) => Number(record[record.length - fromEnd]))).toEqual(labels.map((label) => TOTALS[label]));
      }
    });
  });

  describe('models/get-model', () => {
    it('answers Admins the status, Managers everything else but the status, Sales 403', async () => {
      const read = (role: Role) => call(server, 'models/get-model', { id: ids.b1 }, tokens[role]);
      const admin = ok('models/get-model', await read('admin')).model;
      expect(keys(admin)).toEqual([...DETAIL_SHARED, 'modelIsActive'].sort());
      expect(admin.modelIsActive).toBe(0);
      const manager = (await read('manager')).body.model;
      expect(keys(manager)).toEqual(DETAIL_SHARED);
      expect(await read('sales')).toMatchObject({ status: 403, body: forbidden });
    });
  });

  describe('models/get-all-models', () => {
    it('answers the stock pickers names only (no status), and Sales 403', async () => {
      for (const role of ['admin', 'manager'] as const) {
        const { models } = ok('models/get-all-models', await call(server, 'models/get-all-models', undefined, tokens[role]));
        expect(models).toHaveLength(5);
        // The brand too, which the stock screens' picker searches by (docs/design.md §8.8).
        for (const model of models) expect(keys(model)).toEqual(['brandName', 'id', 'modelName', 'seriesName']);
      }
      expect(await call(server, 'models/get-all-models', undefined, tokens.sales)).toMatchObject({ status: 403, body: forbidden });
    });
  });

  describe('models/filter-options', () => {
    it.each(ROLES)('answers %s the brand and series names only', async (role) => {
      const { brands } = ok('models/filter-options', await call(server, 'models/filter-options', {}, tokens[role]));
      expect(brands.length).toBe(2);
      for (const brand of brands) {
        expect(keys(brand)).toEqual(['brandName', 'id', 'series']);
        for (const series of brand.series) expect(keys(series)).toEqual(['id', 'seriesName']);
      }
    });
  });

  describe('models/model-logs', () => {
    it('answers the log and nothing of the model, and Sales 403', async () => {
      const body = { filters: { modelId: ids.a2 } };
      const { tableData } = ok('models/model-logs', await call(server, 'models/model-logs', body, tokens.manager));
      for (const row of tableData.data) expect(keys(row)).toEqual(['created_at', 'id', 'name', 'note', 'quantity', 'quantityType']);
      expect(await call(server, 'models/model-logs', body, tokens.sales)).toMatchObject({ status: 403, body: forbidden });
    });
  });

  describe('variables', () => {
    it.each(ROLES)('answers %s its variables only', async (role) => {
      const answer = await call(server, 'variables', undefined, tokens[role]);
      expect(answer.status).toBe(200);
      expect(keys(answer.body)).toEqual(['variables']);
      expect(keys(answer.body.variables)).toEqual(VARIABLE_KEYS[role]);
      expect(answer.body.variables).toMatchObject({ tr: VARIABLES.tr, exch: VARIABLES.exch });
    });

    it('answers Sales the same version the others see', async () => {
      const version = async (role: Role) => (await call(server, 'variables', undefined, tokens[role])).body.variables.version;
      expect(await version('sales')).toBe(await version('admin'));
    });
  });

  describe('variables/history', () => {
    it('is for Managers and Admins (they receive all five variables), 403 to Sales', async () => {
      for (const role of ['admin', 'manager'] as const) {
        const { tableData } = ok('variables/history', await call(server, 'variables/history', {}, tokens[role]));
        for (const row of tableData.data) {
          expect(keys(row)).toEqual(['createdAt', 'id', 'newValue', 'oldValue', 'userName', 'variable']);
        }
      }
      expect(await call(server, 'variables/history', {}, tokens.sales)).toMatchObject({ status: 403, body: forbidden });
    });
  });

  describe('dashboard', () => {
    it.each(ROLES)('answers %s the parts of its level only: Sales the rate alone', async (role) => {
      const { dashboard } = ok('dashboard', await call(server, 'dashboard', undefined, tokens[role]));
      expect(keys(dashboard)).toEqual(DASHBOARD_KEYS[role]);
    });
  });

  describe('changes/since', () => {
    it('answers each role the changes of the variables it sees, and models by id and Total only', async () => {
      for (const role of ROLES) ok('changes/since', await call(server, 'changes/since', { screen: 'models' }, tokens[role]));
      // History rows after every mark, as a write of all five would leave them: the rate's moves
      // every model's Total; the others' old values are today's, so only their rows tell of them.
      const { db } = server;
      const today = await db.selectFrom('variables').select(['tr', 'exch', 'fare', 'duties', 'profit']).executeTakeFirstOrThrow();
      const at = new Date().toISOString();
      await db
        .insertInto('variable_history')
        .values(
          (['tr', 'exch', 'fare', 'duties', 'profit'] as const).map((variable) => ({
            variable,
            old_value: variable === 'exch' ? '280' : today[variable],
            new_value: today[variable],
            user_id: adminId,
            created_at: at,
          })),
        )
        .execute();
      for (const role of ROLES) {
        const { changes } = ok('changes/since', await call(server, 'changes/since', { screen: 'models' }, tokens[role]));
        expect(keys(changes)).toEqual(['models', 'since', 'variables']);
        expect(changes.variables.map((change: { variable: string }) => change.variable).sort(), role).toEqual(
          VARIABLE_KEYS[role].filter((key) => key !== 'version'),
        );
        for (const change of changes.variables) expect(keys(change)).toEqual(['createdAt', 'newValue', 'oldValue', 'variable']);
        expect(changes.models.length, role).toBe(role === 'sales' ? 4 : 5);
        for (const model of changes.models) expect(keys(model)).toEqual(['id', 'previousTotal', 'total']);
      }
    });
  });
});
