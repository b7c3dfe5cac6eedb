import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, describeEachDatabase, seedCatalogue, signInEachRole, startServer, type TestServer } from './harness.ts';
import { forbidden, invalid, ok } from './expected.ts';

// docs/design.md §7.3: stock out, notes on stock moves, minimum stock and the low-stock filter.

const removed = { responseMessage: 'Stock removed successfully.', responseFlag: 'success' };
const added = { responseMessage: 'Stock added successfully.', responseFlag: 'success' };
const tooMuch = (stock: number) => invalid({ modelQuantity: [`The quantity may not be greater than the stock (${stock}).`] });

describeEachDatabase('stock out and low stock', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let sales: string;
  let seriesId: number;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin, manager, sales } = await signInEachRole(server));
    ({ seriesId } = await seedCatalogue(server, admin, 'Out'));
  });
  afterAll(() => server.close());

  async function newModel(modelName: string, extra: Record<string, unknown> = {}): Promise<number> {
    const answer = await call(server, 'models/add-model', { modelName, modelPriceUsd: 10, modelSeriesId: seriesId, ...extra }, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (await server.db.selectFrom('models').select('id').where('name', '=', modelName).executeTakeFirstOrThrow()).id;
  }
  const move = (path: 'models/add-stock' | 'models/remove-stock', body: unknown, token = manager) => call(server, path, body, token);
  const snapshot = async () => ({
    models: await server.db.selectFrom('models').select(['id', 'quantity', 'updated_at']).orderBy('id').execute(),
    logs: await server.db.selectFrom('stock_logs').selectAll().orderBy('id').execute(),
  });
  const quantityOf = async (id: number) =>
    ok('models/get-model', await call(server, 'models/get-model', { id }, manager)).model.modelQuantity;
  const logsOf = async (id: number) =>
    ok('models/model-logs', await call(server, 'models/model-logs', { filters: { modelId: id } }, manager)).tableData.data;

  describe('remove-stock', () => {
    it('takes the quantity off and logs a deduction (type 2) with its note', async () => {
      const id = await newModel('Remove One');
      expect(ok('models/add-stock', await move('models/add-stock', { id, modelQuantity: 10 }))).toEqual(added);
      expect(ok('models/remove-stock', await move('models/remove-stock', { id, modelQuantity: 4, note: '  Order #77  ' }))).toEqual(
        removed,
      );
      expect(await quantityOf(id)).toBe(6);
      const [latest, first] = await logsOf(id);
      expect(latest).toMatchObject({ quantity: 4, quantityType: 2, note: 'Order #77' });
      expect(first).toMatchObject({ quantity: 10, quantityType: 1, note: null });
    });

    it('removes the whole stock down to 0, and refuses more naming the stock; nothing changes', async () => {
      const id = await newModel('Remove All');
      await move('models/add-stock', { id, modelQuantity: 3 });
      const before = await snapshot();
      const answer = await move('models/remove-stock', { id, modelQuantity: 4 });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(tooMuch(3));
      expect(await snapshot()).toEqual(before);
      expect(ok('models/remove-stock', await move('models/remove-stock', { id, modelQuantity: '3' }, admin))).toEqual(removed);
      expect(await quantityOf(id)).toBe(0);
      expect((await move('models/remove-stock', { id, modelQuantity: 1 })).body).toEqual(tooMuch(0));
    });

    it('refuses quantities and models by the add-stock rules', async () => {
      const id = await newModel('Remove Rules');
      for (const [body, errors] of [
        [{ id }, { modelQuantity: ['Please enter quantity.'] }],
        [{ id, modelQuantity: 0 }, { modelQuantity: ['Please enter value greater than 0.'] }],
        [{ id, modelQuantity: 1.5 }, { modelQuantity: ['Please enter integer value.'] }],
        [{ modelQuantity: 1 }, { id: ['Please select model.'] }],
        [{ id: 999999, modelQuantity: 1 }, { id: ['The selected model is invalid.'] }],
      ] as [Record<string, unknown>, Record<string, string[]>][]) {
        const answer = await move('models/remove-stock', body);
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(answer.body).toEqual(invalid(errors));
      }
    });

    it('answers 403 to sales and 203 without a token', async () => {
      const id = await newModel('Remove Denied');
      expect(await move('models/remove-stock', { id, modelQuantity: 1 }, sales)).toMatchObject({ status: 403, body: forbidden });
      expect((await call(server, 'models/remove-stock', { id, modelQuantity: 1 })).status).toBe(203);
    });
  });

  describe('notes', () => {
    it('keeps a note up to 255 characters on both moves, blank as none, and refuses longer or control characters', async () => {
      const id = await newModel('Noted');
      const before = await snapshot();
      for (const [note, message] of [
        ['x'.repeat(256), 'The note may not be greater than 255 characters.'],
        ['a\u0000b', 'This field may not contain control characters.'],
        [12, 'The note must be text.'],
      ] as [unknown, string][]) {
        const answer = await move('models/add-stock', { id, modelQuantity: 1, note });
        expect(answer.body).toEqual(invalid({ note: [message] }));
      }
      expect(await snapshot()).toEqual(before);
      await move('models/add-stock', { id, modelQuantity: 5, note: 'x'.repeat(255) });
      await move('models/add-stock', { id, modelQuantity: 1, note: '   ' });
      await move('models/remove-stock', { id, modelQuantity: 2, note: 'PO 9' });
      expect((await logsOf(id)).map((row) => row.note)).toEqual(['PO 9', null, 'x'.repeat(255)]);
    });
  });

  describe('minimum stock', () => {
    it('defaults to 0 on add-model, is kept as sent, returned by get-model and left as it is by an update without it', async () => {
      const plain = await newModel('Min Default');
      const set = await newModel('Min Set', { modelMinStock: '12' });
      const get = async (id: number) => ok('models/get-model', await call(server, 'models/get-model', { id }, admin)).model;
      expect((await get(plain)).modelMinStock).toBe(0);
      const model = await get(set);
      expect(model.modelMinStock).toBe(12);
      const update = (extra: Record<string, unknown>) =>
        call(
          server,
          'models/update-model',
          { id: set, modelName: 'Min Set', modelPriceUsd: 10, modelSeriesId: seriesId, modelIsActive: 1, ...extra },
          admin,
        );
      expect((await update({})).status).toBe(200);
      expect((await get(set)).modelMinStock).toBe(12);
      expect((await update({ modelMinStock: 0 })).status).toBe(200);
      expect((await get(set)).modelMinStock).toBe(0);
    });

    it.each([
      [-1, 'The minimum stock must be at least 0.'],
      [1.5, 'The minimum stock must be a whole number.'],
      ['abc', 'The minimum stock must be a whole number.'],
      [1_000_001, 'The minimum stock may not be greater than 1000000.'],
    ])('refuses %s under modelMinStock on add and update', async (modelMinStock, message) => {
      const id = await newModel(`Min Bad ${String(modelMinStock)}`);
      const body = { modelName: 'Min Bad X', modelPriceUsd: 10, modelSeriesId: seriesId, modelMinStock };
      expect((await call(server, 'models/add-model', body, admin)).body).toEqual(invalid({ modelMinStock: [message] }));
      const update = await call(server, 'models/update-model', { ...body, id, modelIsActive: 1 }, admin);
      expect(update.body).toEqual(invalid({ modelMinStock: [message] }));
    });
  });

  describe('low-stock filter', () => {
    let low: number;
    let atThreshold: number;
    let above: number;
    let noThreshold: number;

    beforeAll(async () => {
      low = await newModel('Low Below', { modelMinStock: 5 });
      atThreshold = await newModel('Low At', { modelMinStock: 5 });
      above = await newModel('Low Above', { modelMinStock: 5 });
      noThreshold = await newModel('Low None');
      await move('models/add-stock', { id: low, modelQuantity: 2 });
      await move('models/add-stock', { id: atThreshold, modelQuantity: 5 });
      await move('models/add-stock', { id: above, modelQuantity: 6 });
    });

    const ids = async (token: string, filters: Record<string, unknown>) => {
      const answer = await call(server, 'models', { filters: { search: 'Low ', ...filters } }, token);
      return ok('models', answer).tableData.data.map((row) => row.id);
    };

    it('lists only the models at or below a threshold above 0', async () => {
      for (const token of [admin, manager]) {
        expect((await ids(token, { lowStock: 1 })).sort()).toEqual([low, atThreshold].sort());
        expect((await ids(token, { lowStock: '1' })).sort()).toEqual([low, atThreshold].sort());
        expect(await ids(token, { lowStock: 0 })).toHaveLength(4);
      }
      expect(await ids(admin, {})).toContain(noThreshold);
    });

    it('answers 403 to sales, and 422 to anything but 0 or 1', async () => {
      expect(await call(server, 'models', { filters: { lowStock: 1 } }, sales)).toMatchObject({ status: 403, body: forbidden });
      const answer = await call(server, 'models', { filters: { lowStock: 2 } }, manager);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ 'filters.lowStock': ['The selected low stock filter is invalid.'] });
    });

    it('becomes low by a removal and stops being low by an addition', async () => {
      await move('models/remove-stock', { id: above, modelQuantity: 1 });
      expect(await ids(manager, { lowStock: 1 })).toContain(above);
      await move('models/add-stock', { id: above, modelQuantity: 1 });
      expect(await ids(manager, { lowStock: 1 })).not.toContain(above);
    });
  });
});
