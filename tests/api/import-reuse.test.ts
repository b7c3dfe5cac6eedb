import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { KEPT_FOR_MS } from '#server/repositories/previewed-plans.ts';
import { csvBytes, IMPORT_HEADER, importForm, type CsvOptions } from '#tests/support/import-files.ts';
import {
  call,
  createUser,
  describeEachDatabase,
  form,
  login,
  seedCatalogue,
  signInEachRole,
  startServer,
  type TestServer,
} from './harness.ts';
import { invalid, ok } from './expected.ts';

// models/import after its preview (server/repositories/previewed-plans.ts): on SQLite the apply
// writes the preview's plan when no audited write came in between, and checks the file afresh
// otherwise; PostgreSQL always checks afresh.
//
// Which of the two an apply did is seen without timing it: after the preview, the model's price is
// set to the file's behind the app's back (no audit entry, no version raised, as no call of the
// app ever writes). Checked afresh, the row is then unchanged; the preview's plan still updates it.

describeEachDatabase('models/import after its preview', (kind) => {
  let server: TestServer;
  let admin: string;
  let otherAdmin: string;
  let seeded = 0;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin } = await signInEachRole(server));
    await createUser(server, 1, 'second-admin');
    otherAdmin = await login(server, 'second-admin');
  });
  afterAll(() => server.close());
  afterEach(() => vi.useRealTimers());

  const REUSED = '0 models created, 1 updated.';
  const CHECKED = '0 models created, 0 updated.';

  /** A catalogue of its own for a test, and a file raising its model's price from 50 to 60 USD. */
  async function catalogueAndFile() {
    const prefix = `Reuse${(seeded += 1)}`;
    const ids = await seedCatalogue(server, admin, prefix);
    const rows = [IMPORT_HEADER, [`${prefix} Brand`, `${prefix} Series`, `${prefix} Model`, '3.5', '60']];
    return { ...ids, prefix, bytes: csvBytes(rows), bytesAs: (options: CsvOptions) => csvBytes(rows, options) };
  }
  const preview = async (bytes: Uint8Array, token = admin) => {
    const { summary } = ok('models/import-preview', await call(server, 'models/import-preview', importForm(bytes), token)).preview;
    expect(summary).toEqual({ create: 0, update: 1, unchanged: 0, error: 0 });
  };
  const apply = (bytes: Uint8Array, token = admin) => call(server, 'models/import', importForm(bytes), token);
  const applied = async (bytes: Uint8Array, token = admin) => ok('models/import', await apply(bytes, token)).responseMessage;
  /** The file's price, written without an audit entry or a version: only an apply that checks afresh sees it. */
  const quietlyPriceAt60 = (modelId: number) =>
    server.db.updateTable('models').set({ price_cents: 6000 }).where('id', '=', modelId).execute();

  it(
    kind === 'sqlite' ? 'writes the preview’s plan when nothing audited came in between' : 'checks the file afresh on PostgreSQL',
    async () => {
      const { modelId, bytes } = await catalogueAndFile();
      await preview(bytes);
      await quietlyPriceAt60(modelId);
      expect(await applied(bytes)).toBe(kind === 'sqlite' ? REUSED : CHECKED);
    },
  );

  it('serves one apply only: the same file applied again is checked afresh', async () => {
    const { bytes } = await catalogueAndFile();
    await preview(bytes);
    expect(await applied(bytes)).toBe(REUSED);
    // The plan's version of the model is behind now: reused, it would be refused as a stale edit.
    expect(await applied(bytes)).toBe(CHECKED);
  });

  it('checks afresh after an audited edit of the model: a renamed model is no longer the row’s', async () => {
    const { seriesId, modelId, prefix, bytes } = await catalogueAndFile();
    await preview(bytes);
    const renamed = {
      id: modelId,
      modelName: `${prefix} Renamed`,
      modelCapacityKW: 3.5,
      modelPriceUsd: 50,
      modelSeriesId: seriesId,
      modelIsActive: 1,
    };
    ok('models/update-model', await call(server, 'models/update-model', renamed, admin));
    expect(await applied(bytes)).toBe('1 models created, 0 updated.');
  });

  it('checks afresh after an audited edit of the series or the brand: the row’s series is then unknown', async () => {
    const series = await catalogueAndFile();
    await preview(series.bytes);
    const renamedSeries = form({
      id: series.seriesId,
      seriesName: `${series.prefix} Series X`,
      seriesBrandId: series.brandId,
      seriesIsActive: 1,
    });
    ok('series/update-series', await call(server, 'series/update-series', renamedSeries, admin));
    expect(await apply(series.bytes)).toEqual(
      expect.objectContaining({ status: 422, body: invalid({ file: [fieldMessages.fileHasErrors(1)] }) }),
    );

    const brand = await catalogueAndFile();
    await preview(brand.bytes);
    const renamedBrand = form({ id: brand.brandId, brandName: `${brand.prefix} Brand X`, brandIsActive: 1 });
    ok('brands/update-brand', await call(server, 'brands/update-brand', renamedBrand, admin));
    expect(await apply(brand.bytes)).toEqual(
      expect.objectContaining({ status: 422, body: invalid({ file: [fieldMessages.fileHasErrors(1)] }) }),
    );
  });

  it('checks afresh after another import', async () => {
    const { modelId, prefix, bytes } = await catalogueAndFile();
    await preview(bytes);
    expect(await applied(csvBytes([IMPORT_HEADER, [`${prefix} Brand`, `${prefix} Series`, `${prefix} Other`, '', '1']]))).toBe(
      '1 models created, 0 updated.',
    );
    await quietlyPriceAt60(modelId);
    expect(await applied(bytes)).toBe(CHECKED);
  });

  it('checks afresh a file of other bytes, another admin’s apply and an apply past its time', async () => {
    const otherBytes = await catalogueAndFile();
    await preview(otherBytes.bytes);
    await quietlyPriceAt60(otherBytes.modelId);
    // The same rows, their lines ended by CRLF.
    expect(await applied(otherBytes.bytesAs({ newline: '\r\n' }))).toBe(CHECKED);

    const otherAdmins = await catalogueAndFile();
    await preview(otherAdmins.bytes, otherAdmin);
    await quietlyPriceAt60(otherAdmins.modelId);
    expect(await applied(otherAdmins.bytes)).toBe(CHECKED);

    const late = await catalogueAndFile();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    await preview(late.bytes);
    await quietlyPriceAt60(late.modelId);
    vi.setSystemTime(Date.now() + KEPT_FOR_MS);
    expect(await applied(late.bytes)).toBe(CHECKED);
  });

  it('keeps no plan of a file with errors: its apply fails as without a preview', async () => {
    const { prefix } = await catalogueAndFile();
    const bytes = csvBytes([IMPORT_HEADER, [`${prefix} Brand`, `${prefix} Series`, `${prefix} Model`, '3.5', 'not a price']]);
    const { summary } = ok('models/import-preview', await call(server, 'models/import-preview', importForm(bytes), admin)).preview;
    expect(summary.error).toBe(1);
    expect(await apply(bytes)).toEqual(expect.objectContaining({ status: 422, body: invalid({ file: [fieldMessages.fileHasErrors(1)] }) }));
  });
});
