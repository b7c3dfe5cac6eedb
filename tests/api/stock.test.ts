import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStockHistory } from '#server/repositories/stock.ts';
import { call, describeEachDatabase, seedCatalogue, signInEachRole, startServer, type TestServer } from './harness.ts';
import { forbidden, invalid, ok } from './expected.ts';

const added = { responseMessage: 'Stock added successfully.', responseFlag: 'success' };
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const LOG_KEYS = ['created_at', 'id', 'name', 'note', 'quantity', 'quantityType'];

describeEachDatabase('stock', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let sales: string;
  let ids: { admin: number; manager: number; sales: number };
  let seriesId: number;
  let modelId: number;
  const names: Record<'admin' | 'manager', string> = { admin: '', manager: '' };

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin, manager, sales, ids } = await signInEachRole(server));
    ({ seriesId, modelId } = await seedCatalogue(server, admin, 'Stock'));
    for (const role of ['admin', 'manager'] as const) {
      names[role] = (await server.db.selectFrom('users').select('name').where('id', '=', ids[role]).executeTakeFirstOrThrow()).name;
    }
  });
  afterAll(() => server.close());

  const addStock = (body: unknown, token = manager) => call(server, 'models/add-stock', body, token);
  const logs = (body: unknown, token = manager) => call(server, 'models/model-logs', body, token);

  async function newModel(modelName: string): Promise<number> {
    const answer = await call(server, 'models/add-model', { modelName, modelPriceUsd: 10, modelSeriesId: seriesId }, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (await server.db.selectFrom('models').select('id').where('name', '=', modelName).executeTakeFirstOrThrow()).id;
  }

  const quantityOf = async (id: number) =>
    Number((await server.db.selectFrom('models').select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity);

  const logRowsOf = (id: number) => server.db.selectFrom('stock_logs').selectAll().where('model_id', '=', id).orderBy('id').execute();

  /** Additions minus deductions, from the log. */
  const logSum = (rows: { quantity: number; quantity_type: number }[]) =>
    rows.reduce((sum, row) => sum + (row.quantity_type === 2 ? -Number(row.quantity) : Number(row.quantity)), 0);

  const snapshot = async () => ({
    models: await server.db.selectFrom('models').select(['id', 'quantity', 'updated_at']).orderBy('id').execute(),
    logs: await server.db.selectFrom('stock_logs').selectAll().orderBy('id').execute(),
  });

  async function expectRefused(body: unknown, errors: Record<string, string[]>) {
    const before = await snapshot();
    const answer = await addStock(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body).toEqual(invalid(errors));
    expect(await snapshot()).toEqual(before);
  }

  describe('add-stock', () => {
    it('adds to the quantity and writes a log row: type 1, the user, an ISO 8601 UTC time', async () => {
      const id = await newModel('First Stock');
      const start = Date.now();
      expect(ok('models/add-stock', await addStock({ id, modelQuantity: 7 }))).toEqual(added);
      const end = Date.now();

      const detail = ok('models/get-model', await call(server, 'models/get-model', { id }, manager)).model;
      expect(detail.modelQuantity).toBe(7);

      const rows = await logRowsOf(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ model_id: id, user_id: ids.manager, quantity_type: 1 });
      expect(Number(rows[0]!.quantity)).toBe(7);

      const table = ok('models/model-logs', await logs({ filters: { modelId: id } })).tableData;
      expect(table.data).toEqual([
        { id: rows[0]!.id, quantity: 7, quantityType: 1, name: names.manager, created_at: expect.stringMatching(ISO_UTC), note: null },
      ]);
      const at = Date.parse(table.data[0]!.created_at);
      expect(at).toBeGreaterThanOrEqual(start);
      expect(at).toBeLessThanOrEqual(end);
    });

    it('accepts the quantity and the id as numeric strings, as form fields send them', async () => {
      const id = await newModel('String Stock');
      expect(ok('models/add-stock', await addStock({ id: String(id), modelQuantity: '5' }))).toEqual(added);
      expect(ok('models/add-stock', await addStock({ id, modelQuantity: ' 3 ' }))).toEqual(added);
      expect(await quantityOf(id)).toBe(8);
    });

    it('accepts the largest quantity, 1000000, from an Admin', async () => {
      const id = await newModel('Big Stock');
      expect(ok('models/add-stock', await addStock({ id, modelQuantity: 1_000_000 }, admin))).toEqual(added);
      expect(await quantityOf(id)).toBe(1_000_000);
      const [row] = await logRowsOf(id);
      expect(row).toMatchObject({ user_id: ids.admin, quantity_type: 1 });
    });

    it('is refused to a Sales user with 403, writing nothing', async () => {
      const before = await snapshot();
      const answer = await addStock({ id: modelId, modelQuantity: 1 }, sales);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(forbidden);
      expect(await snapshot()).toEqual(before);
    });

    it('answers 203 without a token, writing nothing', async () => {
      const before = await snapshot();
      const answer = await call(server, 'models/add-stock', { id: modelId, modelQuantity: 1 });
      expect(answer.status).toBe(203);
      expect(answer.body).toMatchObject({ responseFlag: 'danger' });
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['no quantity', {}, 'Please enter quantity.'],
      ['an empty quantity', { modelQuantity: '' }, 'Please enter quantity.'],
      ['a null quantity', { modelQuantity: null }, 'Please enter quantity.'],
      ['1.5', { modelQuantity: 1.5 }, 'Please enter integer value.'],
      ["'1.5'", { modelQuantity: '1.5' }, 'Please enter integer value.'],
      ["'abc'", { modelQuantity: 'abc' }, 'Please enter integer value.'],
      ['0', { modelQuantity: 0 }, 'Please enter value greater than 0.'],
      ['-3', { modelQuantity: -3 }, 'Please enter value greater than 0.'],
      ["'-3'", { modelQuantity: '-3' }, 'Please enter value greater than 0.'],
      ['1000001', { modelQuantity: 1_000_001 }, 'Please enter value up to 1000000.'],
    ])('refuses %s under modelQuantity', async (_label, fields, message) => {
      await expectRefused({ id: modelId, ...fields }, { modelQuantity: [message] });
    });

    it("refuses a missing model with the screen's message, and an empty body with both", async () => {
      await expectRefused({ modelQuantity: 5 }, { id: ['Please select model.'] });
      await expectRefused({ id: '', modelQuantity: 5 }, { id: ['Please select model.'] });
      await expectRefused({}, { id: ['Please select model.'], modelQuantity: ['Please enter quantity.'] });
    });

    it('refuses an unknown or malformed model id under id', async () => {
      await expectRefused({ id: 999999, modelQuantity: 5 }, { id: ['The selected model is invalid.'] });
      await expectRefused({ id: 2147483647, modelQuantity: 5 }, { id: ['The selected model is invalid.'] });
      await expectRefused({ id: 0, modelQuantity: 5 }, { id: ['The selected value is invalid.'] });
      await expectRefused({ id: 'x', modelQuantity: 5 }, { id: ['The selected value is invalid.'] });
      await expectRefused({ id: 2147483648, modelQuantity: 5 }, { id: ['The selected value is invalid.'] });
    });
  });

  describe('model-logs', () => {
    // Past rows written as history, so that times tie and ids and times disagree.
    let logModel: number;
    const rowIds: number[] = [];
    const rows: [string, number, 1 | 2, 'admin' | 'manager'][] = [
      ['2025-03-02T10:00:00.000Z', 1, 1, 'admin'],
      ['2025-03-01T10:00:00.000Z', 2, 1, 'manager'],
      ['2025-03-03T10:00:00.000Z', 3, 1, 'admin'],
      ['2025-03-02T10:00:00.000Z', 4, 2, 'manager'],
      ['2025-03-03T10:00:00.000Z', 5, 1, 'manager'],
    ];

    beforeAll(async () => {
      logModel = await newModel('Logged Model');
      // One by one, so the ids follow the list's order; the quantity becomes 1 + 2 + 3 - 4 + 5.
      for (const [createdAt, quantity, quantityType, who] of rows) {
        rowIds.push(...(await insertStockHistory(server.db, [{ modelId: logModel, userId: ids[who], quantity, quantityType, createdAt }])));
      }
    });

    const expected = (index: number) => {
      const [created_at, quantity, quantityType, who] = rows[index]!;
      return { id: rowIds[index]!, quantity, quantityType, name: names[who], created_at, note: null };
    };

    it("lists a model's log newest first in the order the moves took effect (by id, whatever their times), with deductions as type 2", async () => {
      const answer = await logs({ filters: { modelId: logModel } });
      for (const row of answer.body.tableData.data as Record<string, unknown>[]) expect(Object.keys(row).sort()).toEqual(LOG_KEYS);
      const table = ok('models/model-logs', answer).tableData;
      expect(table.data).toEqual([expected(4), expected(3), expected(2), expected(1), expected(0)]);
      expect(table.per_page).toBe(30);
    });

    it('lists stock added through the API newest first', async () => {
      const id = await newModel('Sequential Stock');
      for (const modelQuantity of [11, 12, 13]) expect(ok('models/add-stock', await addStock({ id, modelQuantity }))).toEqual(added);
      const table = ok('models/model-logs', await logs({ filters: { modelId: String(id) }, page: '1', per_page: '30' })).tableData;
      expect(table.data.map((row) => row.quantity)).toEqual([13, 12, 11]);
      const times = table.data.map((row) => row.created_at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it("pages the log with Laravel's paginator fields", async () => {
      const path = '/api/models/model-logs';
      const page = async (n: number) =>
        ok('models/model-logs', await logs({ filters: { modelId: logModel }, page: n, per_page: 2 })).tableData;
      expect(await page(1)).toEqual({
        data: [expected(4), expected(3)],
        per_page: 2,
        from: 1,
        to: 2,
        total: 5,
        last_page: 3,
        current_page: 1,
        first_page_url: `${path}?page=1`,
        last_page_url: `${path}?page=3`,
        next_page_url: `${path}?page=2`,
        prev_page_url: null,
        path,
      });
      expect(await page(3)).toMatchObject({
        data: [expected(0)],
        from: 5,
        to: 5,
        current_page: 3,
        next_page_url: null,
        prev_page_url: `${path}?page=2`,
      });
      expect(await page(4)).toMatchObject({
        data: [],
        from: null,
        to: null,
        total: 5,
        last_page: 3,
        next_page_url: null,
        prev_page_url: `${path}?page=3`,
      });
    });

    it('answers an empty first page for a model without stock', async () => {
      const id = await newModel('Empty Log');
      expect(ok('models/model-logs', await logs({ filters: { modelId: id } }, admin)).tableData).toMatchObject({
        data: [],
        from: null,
        to: null,
        total: 0,
        last_page: 1,
        current_page: 1,
        next_page_url: null,
        prev_page_url: null,
      });
    });

    it('requires filters.modelId (422) and refuses an unknown or malformed one', async () => {
      const required = invalid({ 'filters.modelId': ['The model id field is required.'] });
      for (const body of [{}, { filters: {} }, { filters: null }, { filters: { modelId: '' } }, undefined]) {
        const answer = await logs(body);
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual(required);
      }
      const unknown = await logs({ filters: { modelId: 999999 } });
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual(invalid({ 'filters.modelId': ['The selected model is invalid.'] }));
      const malformed = await logs({ filters: { modelId: 'x' } });
      expect(malformed.status).toBe(422);
      expect(malformed.body).toEqual(invalid({ 'filters.modelId': ['The selected value is invalid.'] }));
    });

    it('is refused to a Sales user with 403', async () => {
      const answer = await logs({ filters: { modelId: logModel } }, sales);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(forbidden);
    });
  });

  describe('under concurrency', () => {
    it('keeps quantity equal to the sum of the log across 200 simultaneous additions by two users', async () => {
      const id = await newModel('Busy Model');
      expect(ok('models/add-stock', await addStock({ id, modelQuantity: 10 }))).toEqual(added);
      const start = await quantityOf(id);
      const logsBefore = (await logRowsOf(id)).length;

      const quantities = Array.from({ length: 200 }, () => 1 + Math.floor(Math.random() * 50));
      const answers = await Promise.all(
        quantities.map((modelQuantity, i) => addStock({ id, modelQuantity }, i % 2 === 0 ? manager : admin)),
      );
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body).toEqual(added);
      }

      const total = quantities.reduce((a, b) => a + b, 0);
      expect(await quantityOf(id)).toBe(start + total);
      const after = await logRowsOf(id);
      expect(after).toHaveLength(logsBefore + 200);
      expect(logSum(after)).toBe(start + total);
      const fresh = after.slice(logsBefore);
      expect(fresh.filter((row) => row.user_id === ids.manager)).toHaveLength(100);
      expect(fresh.filter((row) => row.user_id === ids.admin)).toHaveLength(100);
      expect(fresh.every((row) => row.quantity_type === 1)).toBe(true);
      expect(fresh.map((row) => Number(row.quantity)).sort((a, b) => a - b)).toEqual([...quantities].sort((a, b) => a - b));

      const detail = ok('models/get-model', await call(server, 'models/get-model', { id }, admin)).model;
      expect(detail.modelQuantity).toBe(start + total);
      expect(ok('models/model-logs', await logs({ filters: { modelId: id }, per_page: 500 })).tableData.total).toBe(logsBefore + 200);
    });

    it('keeps the invariant for every model after all the tests above', async () => {
      const models = await server.db.selectFrom('models').select(['id', 'quantity']).execute();
      expect(models.length).toBeGreaterThan(5);
      for (const model of models) expect(logSum(await logRowsOf(model.id)), `model ${model.id}`).toBe(Number(model.quantity));
    });
  });
});
