import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelDetail, ModelRow } from '#src/contract/models.ts';
import {
  call,
  describeEachDatabase,
  form,
  images,
  seedCatalogue,
  signInEachRole,
  startServer,
  type Answer,
  type TestServer,
} from './harness.ts';
import { forbidden, invalid, ok } from './expected.ts';

const taken = { modelName: ['The model name has already been taken.'] };
const ROW_KEYS = [
  'brandName',
  'id',
  'modelCapacityKW',
  'modelIsActive',
  'modelMinStock',
  'modelName',
  'modelPriceUsd',
  'modelQuantity',
  'seriesName',
];
const DETAIL_KEYS = [
  'brandName',
  'id',
  'modelBrandId',
  'modelCapacityKW',
  'modelIsActive',
  'modelMinStock',
  'modelName',
  'modelPriceUsd',
  'modelQuantity',
  'modelSeriesId',
  'seriesName',
  'version',
];

describeEachDatabase('models', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let sales: string;
  let brandId: number;
  let seriesId: number;
  let otherSeriesId: number;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin, manager, sales } = await signInEachRole(server));
    ({ brandId, seriesId } = await seedCatalogue(server, admin, 'Main'));
    otherSeriesId = await addSeries('Other Series', brandId);
  });
  afterAll(() => server.close());

  async function addBrand(brandName: string): Promise<number> {
    const answer = await call(
      server,
      'brands/add-brand',
      form({ brandName }, { brandImage: { bytes: images.png, name: 'logo.png' } }),
      admin,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (await server.db.selectFrom('brands').select('id').where('name', '=', brandName).executeTakeFirstOrThrow()).id;
  }

  async function addSeries(seriesName: string, seriesBrandId: number): Promise<number> {
    const answer = await call(
      server,
      'series/add-series',
      form({ seriesName, seriesBrandId }, { seriesImage: { bytes: images.jpg, name: 's.jpg' } }),
      admin,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = await server.db
      .selectFrom('series')
      .select('id')
      .where('name', '=', seriesName)
      .where('brand_id', '=', seriesBrandId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const addModel = (body: Record<string, unknown>, token = admin) => call(server, 'models/add-model', body, token);
  const updateModel = (body: Record<string, unknown>, token = admin) => call(server, 'models/update-model', body, token);

  /** Adds a model through the API and answers its id. */
  async function newModel(modelName: string, fields: Record<string, unknown> = {}): Promise<number> {
    const answer = await addModel({ modelName, modelCapacityKW: 2.5, modelPriceUsd: 100, modelSeriesId: seriesId, ...fields });
    expect(ok('models/add-model', answer)).toEqual({ responseMessage: 'Model added successfully.', responseFlag: 'success' });
    const series = (fields.modelSeriesId as number | undefined) ?? seriesId;
    const row = await server.db
      .selectFrom('models')
      .select('id')
      .where('name', '=', modelName.trim())
      .where('series_id', '=', Number(series))
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function getModel(id: number): Promise<ModelDetail> {
    return ok('models/get-model', await call(server, 'models/get-model', { id }, admin)).model;
  }

  async function list(filters: Record<string, unknown>, token = admin, page = 1, perPage = 500) {
    return ok('models', await call(server, 'models', { filters, page, per_page: perPage }, token)).tableData;
  }

  const snapshot = () => server.db.selectFrom('models').selectAll().orderBy('id').execute();

  /** A refused write: 422 with exactly these errors, and not a row of `models` changed. */
  async function expectRefused(send: () => Promise<Answer>, errors: Record<string, string[]>) {
    const before = await snapshot();
    const answer = await send();
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body).toEqual(invalid(errors));
    expect(await snapshot()).toEqual(before);
  }

  describe('add-model', () => {
    it('adds a model that starts active with no stock; get-model shows every field', async () => {
      const id = await newModel('Alpha 12K', { modelCapacityKW: 3.517, modelPriceUsd: 450.5 });
      const answer = await call(server, 'models/get-model', { id }, admin);
      expect(Object.keys(answer.body.model).sort()).toEqual(DETAIL_KEYS);
      expect(ok('models/get-model', answer)).toEqual({
        model: {
          id,
          modelName: 'Alpha 12K',
          modelCapacityKW: 3.517,
          modelPriceUsd: 450.5,
          modelSeriesId: seriesId,
          modelBrandId: brandId,
          modelIsActive: 1,
          modelQuantity: 0,
          modelMinStock: 0,
          seriesName: 'Main Series',
          brandName: 'Main Brand',
          version: 1,
        },
      });
    });

    it.each([
      ['null', null],
      ["''", ''],
      ["'   '", '   '],
      ['missing', undefined],
    ])('treats a capacity given as %s as none and returns it as null', async (label, capacity) => {
      const body: Record<string, unknown> = { modelName: `No Capacity ${label}`, modelPriceUsd: 10, modelSeriesId: seriesId };
      if (capacity !== undefined) body.modelCapacityKW = capacity;
      expect(ok('models/add-model', await addModel(body)).responseFlag).toBe('success');
      const row = await server.db.selectFrom('models').selectAll().where('name', '=', `No Capacity ${label}`).executeTakeFirstOrThrow();
      expect(row.capacity_milli_kw).toBeNull();
      expect((await getModel(row.id)).modelCapacityKW).toBeNull();
      const [listed] = (await list({ search: `No Capacity ${label}` })).data;
      expect(listed?.modelCapacityKW).toBeNull();
    });

    it('keeps a capacity of 0 as 0, not as none', async () => {
      const id = await newModel('Zero Capacity', { modelCapacityKW: 0 });
      expect((await getModel(id)).modelCapacityKW).toBe(0);
    });

    it('accepts numbers sent as numeric strings, as form fields send them', async () => {
      const id = await newModel('String Numbers', { modelPriceUsd: '12.50', modelCapacityKW: ' 3.5 ', modelSeriesId: String(seriesId) });
      const model = await getModel(id);
      expect(model).toMatchObject({ modelPriceUsd: 12.5, modelCapacityKW: 3.5, modelSeriesId: seriesId });
    });

    it('trims the model name before storing it', async () => {
      const id = await newModel('   Trimmed Model   ');
      expect((await getModel(id)).modelName).toBe('Trimmed Model');
    });

    it("answers the screen's required messages on an empty body, and on a body without any JSON", async () => {
      const errors = {
        modelName: ['Please enter model name.'],
        modelPriceUsd: ['Please enter model price in usd.'],
        modelSeriesId: ['Please select series.'],
      };
      await expectRefused(() => addModel({}), errors);
      await expectRefused(() => call(server, 'models/add-model', undefined, admin), errors);
    });

    it('treats blank values as missing', async () => {
      await expectRefused(() => addModel({ modelName: '   ', modelCapacityKW: '', modelPriceUsd: '', modelSeriesId: '' }), {
        modelName: ['Please enter model name.'],
        modelPriceUsd: ['Please enter model price in usd.'],
        modelSeriesId: ['Please select series.'],
      });
    });

    it.each([
      ['modelPriceUsd', -1, 'The price must be at least 0.'],
      ['modelPriceUsd', '-1', 'The price must be at least 0.'],
      ['modelPriceUsd', 'abc', 'The price must be a number.'],
      ['modelPriceUsd', true, 'The price must be a number.'],
      ['modelPriceUsd', '1e3', 'The price must be a number.'],
      ['modelPriceUsd', 1.234, 'The price may have at most 2 decimals.'],
      ['modelPriceUsd', '1.234', 'The price may have at most 2 decimals.'],
      ['modelPriceUsd', 1e9, 'The price may not be greater than 99999999.99.'],
      ['modelCapacityKW', -1, 'The capacity must be at least 0.'],
      ['modelCapacityKW', 1.2345, 'The capacity may have at most 3 decimals.'],
      ['modelCapacityKW', 'x', 'The capacity must be a number.'],
      ['modelCapacityKW', 1e6, 'The capacity may not be greater than 999999.999.'],
      ['modelSeriesId', 0, 'The selected value is invalid.'],
      ['modelSeriesId', 'x', 'The selected value is invalid.'],
      ['modelSeriesId', 1.5, 'The selected value is invalid.'],
      ['modelSeriesId', 2147483648, 'The selected value is invalid.'],
      ['modelSeriesId', 2147483647, 'The selected series is invalid.'],
      ['modelSeriesId', 999999, 'The selected series is invalid.'],
      ['modelName', 123, 'This field must be text.'],
      ['modelName', `${'M'.repeat(251)}-256c`, 'This field may not be greater than 255 characters.'],
    ])('refuses %s = %j under that field: %s', async (field, value, message) => {
      const body = { modelName: 'Refused Model', modelCapacityKW: 1, modelPriceUsd: 10, modelSeriesId: seriesId, [field]: value };
      await expectRefused(() => addModel(body), { [field]: [message] });
    });

    it('accepts a name of 255 characters and the largest price and capacity', async () => {
      const id = await newModel('N'.repeat(255), { modelPriceUsd: 99999999.99, modelCapacityKW: 999999.999 });
      expect(await getModel(id)).toMatchObject({ modelName: 'N'.repeat(255), modelPriceUsd: 99999999.99, modelCapacityKW: 999999.999 });
    });

    it('refuses the same model name in the same series in any case; allows it in another series', async () => {
      await newModel('Twin Model');
      await expectRefused(() => addModel({ modelName: 'Twin Model', modelPriceUsd: 1, modelSeriesId: seriesId }), taken);
      await expectRefused(() => addModel({ modelName: 'tWIN mODEL', modelPriceUsd: 1, modelSeriesId: seriesId }), taken);
      await expectRefused(() => addModel({ modelName: '  TWIN MODEL  ', modelPriceUsd: 1, modelSeriesId: String(seriesId) }), taken);
      const other = await newModel('twin model', { modelSeriesId: otherSeriesId });
      expect(await getModel(other)).toMatchObject({ modelName: 'twin model', modelSeriesId: otherSeriesId, seriesName: 'Other Series' });
    });

    it('is refused to a Manager and a Sales user with 403, writing nothing', async () => {
      for (const token of [manager, sales]) {
        const before = await snapshot();
        const answer = await addModel({ modelName: 'Not Allowed', modelPriceUsd: 1, modelSeriesId: seriesId }, token);
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual(forbidden);
        expect(await snapshot()).toEqual(before);
      }
    });
  });

  describe('update-model', () => {
    it('updates every field, status included', async () => {
      const id = await newModel('Before Update', { modelCapacityKW: 1.5, modelPriceUsd: 10 });
      const answer = await updateModel({
        id,
        modelName: '  After Update  ',
        modelCapacityKW: 7.25,
        modelPriceUsd: 19.99,
        modelSeriesId: otherSeriesId,
        modelIsActive: 0,
      });
      expect(ok('models/update-model', answer)).toEqual({ responseMessage: 'Model updated successfully.', responseFlag: 'success' });
      expect(await getModel(id)).toEqual({
        id,
        modelName: 'After Update',
        modelCapacityKW: 7.25,
        modelPriceUsd: 19.99,
        modelSeriesId: otherSeriesId,
        modelBrandId: brandId,
        modelIsActive: 0,
        modelQuantity: 0,
        modelMinStock: 0,
        seriesName: 'Other Series',
        brandName: 'Main Brand',
        version: 2,
      });

      // Form fields send strings; a blank capacity clears it.
      const again = await updateModel({
        id: String(id),
        modelName: 'After Update',
        modelCapacityKW: '',
        modelPriceUsd: '20',
        modelSeriesId: String(seriesId),
        modelIsActive: '1',
      });
      expect(ok('models/update-model', again).responseFlag).toBe('success');
      expect(await getModel(id)).toMatchObject({
        modelCapacityKW: null,
        modelPriceUsd: 20,
        modelSeriesId: seriesId,
        modelIsActive: 1,
        seriesName: 'Main Series',
      });
    });

    it('keeps the quantity when a model is edited', async () => {
      const id = await newModel('Stocked Model');
      expect(ok('models/add-stock', await call(server, 'models/add-stock', { id, modelQuantity: 9 }, manager)).responseFlag).toBe(
        'success',
      );
      expect(
        ok(
          'models/update-model',
          await updateModel({ id, modelName: 'Stocked Model', modelPriceUsd: 5, modelSeriesId: seriesId, modelIsActive: 1 }),
        ).responseFlag,
      ).toBe('success');
      expect((await getModel(id)).modelQuantity).toBe(9);
    });

    it("allows a change of case of the model's own name", async () => {
      const id = await newModel('case model');
      expect(
        ok(
          'models/update-model',
          await updateModel({ id, modelName: 'CASE Model', modelPriceUsd: 1, modelSeriesId: seriesId, modelIsActive: 1 }),
        ).responseFlag,
      ).toBe('success');
      expect((await getModel(id)).modelName).toBe('CASE Model');
    });

    it('answers the Edit Model required messages, status included', async () => {
      const id = await newModel('Edit Required');
      await expectRefused(() => updateModel({ id }), {
        modelName: ['Please enter model name.'],
        modelPriceUsd: ['Please enter model price in usd.'],
        modelSeriesId: ['Please select series.'],
        modelIsActive: ['Please select status.'],
      });
      await expectRefused(() => updateModel({}), {
        id: ['The id field is required.'],
        modelName: ['Please enter model name.'],
        modelPriceUsd: ['Please enter model price in usd.'],
        modelSeriesId: ['Please select series.'],
        modelIsActive: ['Please select status.'],
      });
    });

    it.each([2, -1, 'x', '2', true])('refuses modelIsActive %j under modelIsActive', async (status) => {
      const id = await newModel(`Status ${typeof status} ${String(status)}`);
      await expectRefused(
        () => updateModel({ id, modelName: 'Changed', modelPriceUsd: 1, modelSeriesId: seriesId, modelIsActive: status }),
        {
          modelIsActive: ['The selected status is invalid.'],
        },
      );
    });

    it('refuses an unknown or malformed id under id', async () => {
      const body = { modelName: 'Ghost', modelPriceUsd: 1, modelSeriesId: seriesId, modelIsActive: 1 };
      await expectRefused(() => updateModel({ ...body, id: 999999 }), { id: ['The selected model is invalid.'] });
      await expectRefused(() => updateModel({ ...body, id: 'x' }), { id: ['The selected value is invalid.'] });
      await expectRefused(() => updateModel({ ...body, id: 0 }), { id: ['The selected value is invalid.'] });
    });

    it('refuses an unknown series under modelSeriesId and wrong values under their fields', async () => {
      const id = await newModel('Edit Ranges');
      const body = { id, modelName: 'Edit Ranges', modelPriceUsd: 1, modelSeriesId: seriesId, modelIsActive: 1 };
      await expectRefused(() => updateModel({ ...body, modelSeriesId: 999999 }), { modelSeriesId: ['The selected series is invalid.'] });
      await expectRefused(() => updateModel({ ...body, modelPriceUsd: 1.234 }), {
        modelPriceUsd: ['The price may have at most 2 decimals.'],
      });
      await expectRefused(() => updateModel({ ...body, modelCapacityKW: 1.2345 }), {
        modelCapacityKW: ['The capacity may have at most 3 decimals.'],
      });
    });

    it('refuses a name taken in the target series, in any case, and a move into a series that has it', async () => {
      await newModel('Taken Here');
      const mover = await newModel('Mover');
      await expectRefused(
        () => updateModel({ id: mover, modelName: 'TAKEN here', modelPriceUsd: 1, modelSeriesId: seriesId, modelIsActive: 1 }),
        taken,
      );
      const elsewhere = await newModel('taken here', { modelSeriesId: otherSeriesId });
      await expectRefused(
        () => updateModel({ id: elsewhere, modelName: 'taken here', modelPriceUsd: 1, modelSeriesId: seriesId, modelIsActive: 1 }),
        taken,
      );
    });

    it('is refused to a Manager with 403, writing nothing', async () => {
      const id = await newModel('Manager Cannot Edit');
      const before = await snapshot();
      const answer = await updateModel({ id, modelName: 'Edited', modelPriceUsd: 1, modelSeriesId: seriesId, modelIsActive: 1 }, manager);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(forbidden);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('get-model', () => {
    it('answers 404 for an unknown id and 422 for a missing or malformed one', async () => {
      const missing = await call(server, 'models/get-model', { id: 999999 }, admin);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ responseMessage: 'Not found.', responseFlag: 'danger' });
      const none = await call(server, 'models/get-model', {}, admin);
      expect(none.status).toBe(422);
      expect(none.body).toEqual(invalid({ id: ['The id field is required.'] }));
      const bad = await call(server, 'models/get-model', { id: 'x' }, admin);
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual(invalid({ id: ['The selected value is invalid.'] }));
    });

    it('is open to a Manager (level 2) and refused to a Sales user', async () => {
      const id = await newModel('Level Two Read');
      expect(ok('models/get-model', await call(server, 'models/get-model', { id: String(id) }, manager)).model.id).toBe(id);
      const refused = await call(server, 'models/get-model', { id }, sales);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(forbidden);
    });

    it.each([
      [0, 0],
      [0.1, 0.001],
      [0.29, 3.517],
      [1.1, 0.3],
      [19.99, 12.345],
      [1234.56, 999.999],
      [99999999.99, 999999.999],
      ['0.29', '3.517'],
      ['1234.56', '0.001'],
      ['99999999.99', '0.1'],
    ])('round-trips price %j and capacity %j exactly, in get-model and in the list', async (price, capacity) => {
      const name = `Round Trip ${price} ${capacity} ${typeof price}`;
      const id = await newModel(name, { modelPriceUsd: price, modelCapacityKW: capacity });
      const model = await getModel(id);
      expect(model.modelPriceUsd).toBe(Number(price));
      expect(model.modelCapacityKW).toBe(Number(capacity));
      const [row] = (await list({ search: name })).data;
      expect(row).toMatchObject({ id, modelPriceUsd: Number(price), modelCapacityKW: Number(capacity) });
      // The wire carries the decimal as written, never a float artefact such as 0.28999999999999998.
      const raw = await call(server, 'models/get-model', { id }, admin);
      expect(JSON.stringify(raw.body)).toContain(`"modelPriceUsd":${Number(price)},`);
      const stored = await server.db
        .selectFrom('models')
        .select(['price_cents', 'capacity_milli_kw'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.price_cents)).toBe(Math.round(Number(price) * 100));
      expect(Number(stored.capacity_milli_kw)).toBe(Math.round(Number(capacity) * 1000));
    });
  });

  describe('get-all-models', () => {
    it('answers {id, modelName, seriesName, brandName} for every model, to a Manager; refuses a Sales user', async () => {
      const id = await newModel('Option Model', { modelSeriesId: otherSeriesId });
      const answer = await call(server, 'models/get-all-models', undefined, manager);
      const { models } = ok('models/get-all-models', answer);
      for (const option of answer.body.models as Record<string, unknown>[])
        expect(Object.keys(option).sort()).toEqual(['brandName', 'id', 'modelName', 'seriesName']);
      expect(models).toContainEqual({ id, modelName: 'Option Model', seriesName: 'Other Series', brandName: 'Main Brand' });
      const count = await server.db
        .selectFrom('models')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(models).toHaveLength(Number(count.n));
      expect(new Set(models.map((m) => m.id)).size).toBe(models.length);

      const refused = await call(server, 'models/get-all-models', undefined, sales);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(forbidden);
    });
  });

  describe('models list', () => {
    // Two brands whose names share "qz", created so that neither id order nor byte order gives
    // the case-insensitive order: QZBravo first (lower id, and 'Q' < 'q' in bytes).
    let bravo: number;
    let alpha: number;
    let gamma: number;
    let zeta: number;
    let eta: number;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      bravo = await addBrand('QZBravo');
      alpha = await addBrand('qzAlpha');
      gamma = await addSeries('Gamma', bravo);
      zeta = await addSeries('Zeta', alpha);
      eta = await addSeries('eta', alpha);
      const models: [string, number, number | null, number][] = [
        ['Z9', gamma, null, 9],
        ['k5', gamma, 1.5, 5],
        ['M1', zeta, 2, 1],
        ['B200', eta, 20, 200],
        ['a150', eta, 15, 150],
        ['A100', eta, 10, 100],
      ];
      for (const [name, series, capacity, price] of models) {
        ids[name] = await newModel(name, { modelSeriesId: series, modelCapacityKW: capacity, modelPriceUsd: price });
      }
      const deactivated = await updateModel({
        id: ids.B200,
        modelName: 'B200',
        modelCapacityKW: 20,
        modelPriceUsd: 200,
        modelSeriesId: eta,
        modelIsActive: 0,
      });
      expect(ok('models/update-model', deactivated).responseFlag).toBe('success');

      const pct = await addSeries('Pct Series', await addBrand('Pct Brand'));
      for (const name of ['100% Pro', '100 Basic', 'x_y', 'xzy', 'back\\slash']) ids[name] = await newModel(name, { modelSeriesId: pct });
    });

    const names = (rows: ModelRow[]) => rows.map((row) => row.modelName);
    const QZ_ORDER = ['A100', 'a150', 'B200', 'M1', 'k5', 'Z9'];

    it('orders rows by brand, series and model name, case-insensitively, in the row shape of the design', async () => {
      const answer = await call(server, 'models', { filters: { search: 'qz' }, page: 1, per_page: 500 }, admin);
      for (const row of answer.body.tableData.data as Record<string, unknown>[]) expect(Object.keys(row).sort()).toEqual(ROW_KEYS);
      const table = ok('models', answer).tableData;
      expect(names(table.data)).toEqual(QZ_ORDER);
      expect(table.data[0]).toEqual({
        id: ids.A100,
        brandName: 'qzAlpha',
        seriesName: 'eta',
        modelName: 'A100',
        modelCapacityKW: 10,
        modelPriceUsd: 100,
        modelQuantity: 0,
        modelMinStock: 0,
        modelIsActive: 1,
      });
      expect(table.data.find((row) => row.modelName === 'Z9')).toEqual({
        id: ids.Z9,
        brandName: 'QZBravo',
        seriesName: 'Gamma',
        modelName: 'Z9',
        modelCapacityKW: null,
        modelPriceUsd: 9,
        modelQuantity: 0,
        modelMinStock: 0,
        modelIsActive: 1,
      });
    });

    it('orders the whole unfiltered list the same way, with the default page size of 500', async () => {
      const answer = await call(server, 'models', {}, admin);
      const table = ok('models', answer).tableData;
      expect(table.per_page).toBe(500);
      const key = (row: ModelRow) => [row.brandName.toLowerCase(), row.seriesName.toLowerCase(), row.modelName.toLowerCase()];
      const sorted = [...table.data].sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
        return 0;
      });
      expect(names(table.data)).toEqual(names(sorted));
      const count = await server.db
        .selectFrom('models')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(table.total).toBe(Number(count.n));
    });

    it("pages the list with Laravel's paginator fields", async () => {
      const table = await list({ search: 'qz' }, admin, 2, 4);
      expect(table).toEqual({
        data: [expect.objectContaining({ modelName: 'k5' }), expect.objectContaining({ modelName: 'Z9' })],
        per_page: 4,
        from: 5,
        to: 6,
        total: 6,
        last_page: 2,
        current_page: 2,
        first_page_url: '/api/models?page=1',
        last_page_url: '/api/models?page=2',
        next_page_url: null,
        prev_page_url: '/api/models?page=1',
        path: '/api/models',
      });
    });

    it.each([
      ['QZ', QZ_ORDER],
      ['qzalpha', ['A100', 'a150', 'B200', 'M1']],
      ['ZET', ['M1']],
      ['gAmMa', ['k5', 'Z9']],
      ['a15', ['a150']],
      ['  k5  ', ['k5']],
    ])('search %j matches model, series or brand names as a case-insensitive substring', async (search, expected) => {
      expect(names((await list({ search })).data)).toEqual(expected);
    });

    it('treats %, _ and \\ in the search as literal characters', async () => {
      expect(names((await list({ search: '0%' })).data)).toEqual(['100% Pro']);
      expect(names((await list({ search: 'x_y' })).data)).toEqual(['x_y']);
      expect(names((await list({ search: 'k\\s' })).data)).toEqual(['back\\slash']);
      expect((await list({ search: '%%' })).data).toEqual([]);
    });

    it('filters by brand, series and status, also given as numeric strings', async () => {
      expect(names((await list({ brandId: alpha })).data)).toEqual(['A100', 'a150', 'B200', 'M1']);
      expect(names((await list({ brandId: String(bravo) })).data)).toEqual(['k5', 'Z9']);
      expect(names((await list({ seriesId: eta })).data)).toEqual(['A100', 'a150', 'B200']);
      expect(names((await list({ seriesId: String(zeta) })).data)).toEqual(['M1']);
      expect(names((await list({ search: 'qz', status: 0 })).data)).toEqual(['B200']);
      expect(names((await list({ search: 'qz', status: '0' })).data)).toEqual(['B200']);
      expect(names((await list({ search: 'qz', status: '1' })).data)).toEqual(['A100', 'a150', 'M1', 'k5', 'Z9']);
      expect((await list({ brandId: 2147483647 })).data).toEqual([]);
    });

    it('combines filters', async () => {
      expect(names((await list({ search: 'a1', brandId: alpha, status: 1 })).data)).toEqual(['A100', 'a150']);
      expect(names((await list({ search: 'qz', brandId: String(alpha), seriesId: String(eta), status: '0' })).data)).toEqual(['B200']);
      expect((await list({ brandId: bravo, seriesId: eta })).data).toEqual([]);
      expect(names((await list({ search: 'eta', brandId: alpha })).data)).toEqual(['A100', 'a150', 'B200', 'M1']);
    });

    it('treats blank filters as no filter', async () => {
      const all = await list({});
      expect((await list({ search: '', brandId: '', seriesId: '', status: '' })).total).toBe(all.total);
      expect((await list({ search: '   ', brandId: null, seriesId: null, status: null })).total).toBe(all.total);
    });

    it('treats a status filter of spaces as no filter, like every other blank value', async () => {
      const all = await list({});
      expect((await list({ status: ' ' })).total).toBe(all.total);
    });

    it.each([
      [{ brandId: 'x' }, 'filters.brandId', 'The selected value is invalid.'],
      [{ brandId: 0 }, 'filters.brandId', 'The selected value is invalid.'],
      [{ seriesId: 1.5 }, 'filters.seriesId', 'The selected value is invalid.'],
      [{ status: 2 }, 'filters.status', 'The selected status is invalid.'],
      [{ status: 'x' }, 'filters.status', 'The selected status is invalid.'],
      [{ search: 5 }, 'filters.search', 'The search must be text.'],
    ])('refuses the bad filter %j with 422 under %s', async (filters, field, message) => {
      const answer = await call(server, 'models', { filters, page: 1, per_page: 500 }, admin);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(invalid({ [field]: [message] }));
    });

    it('shows the stock quantity in the row', async () => {
      expect(ok('models/add-stock', await call(server, 'models/add-stock', { id: ids.M1, modelQuantity: 12 }, manager)).responseFlag).toBe(
        'success',
      );
      expect((await list({ seriesId: zeta })).data).toEqual([expect.objectContaining({ id: ids.M1, modelQuantity: 12 })]);
    });

    it('refuses a page or page size below 1 with 422 under that field', async () => {
      const message = 'The value must be a whole number of 1 or more.';
      for (const [field, value] of [
        ['page', 0],
        ['per_page', 0],
        ['page', 'x'],
        ['per_page', -5],
      ] as const) {
        const answer = await call(server, 'models', { filters: {}, page: 1, per_page: 500, [field]: value }, admin);
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual(invalid({ [field]: [message] }));
      }
    });

    it('lets a Sales user read the list, without the inactive B200 (docs/design.md §8.8)', async () => {
      expect(names((await list({ search: 'qz' }, sales)).data)).toEqual(QZ_ORDER.filter((name) => name !== 'B200'));
      expect(names((await list({ search: 'qz' }, manager)).data)).toEqual(QZ_ORDER);
    });

    it('answers 203 without a token', async () => {
      const answer = await call(server, 'models', {});
      expect(answer.status).toBe(203);
      expect(answer.body).toMatchObject({ responseFlag: 'danger' });
    });
  });
});
