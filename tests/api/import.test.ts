import { afterAll, beforeAll, expect, it } from 'vitest';
import { csvBytes, csvText, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import { call, describeEachDatabase, seedCatalogue, signInEachRole, startServer, type TestServer } from './harness.ts';
import { forbidden, invalid, ok } from './expected.ts';

// models/import-preview and models/import (docs/design.md §7.4) on each database.

const fileError = (...messages: string[]) => invalid({ file: messages });

describeEachDatabase('models/import', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let sales: string;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin, manager, sales } = await signInEachRole(server));
    // Imp Brand / Imp Series / Imp Model: 3.5 kW, 50 USD.
    await seedCatalogue(server, admin, 'Imp');
  });
  afterAll(() => server.close());

  const preview = (bytes: Uint8Array, token = admin) => call(server, 'models/import-preview', importForm(bytes), token);
  const apply = (bytes: Uint8Array, token = admin) => call(server, 'models/import', importForm(bytes), token);
  const previewOf = async (bytes: Uint8Array) => ok('models/import-preview', await preview(bytes)).preview;
  /** Every model column an import may touch, and those it must not, in a stable order. */
  const snapshot = () =>
    server.db
      .selectFrom('models')
      .select(['id', 'series_id', 'name', 'capacity_milli_kw', 'price_cents', 'quantity', 'is_active', 'version', 'updated_at'])
      .orderBy('id')
      .execute();

  it('is for admins only: 403 for a manager and a sales user, nothing read or written', async () => {
    const bytes = csvBytes([IMPORT_HEADER, ['Imp Brand', 'Imp Series', 'Never', '', '1']]);
    const before = await snapshot();
    for (const token of [manager, sales]) {
      for (const answer of [await preview(bytes, token), await apply(bytes, token)]) {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual(forbidden);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('previews create, update and unchanged by brand, series and model name, case-insensitively', async () => {
    const { rows, summary } = await previewOf(
      csvBytes([
        ['brand', 'SERIES', 'Model', 'Price USD', 'Capacity-KW', 'Quantity', 'Notes'],
        ['imp brand', 'IMP SERIES', 'imp model', '50.00', '3.5', '99', 'ignored'],
        ['Imp Brand', 'Imp Series', 'Imp Model X', '120', '', '5', ''],
      ]),
    );
    expect(summary).toEqual({ create: 1, update: 0, unchanged: 1, error: 0 });
    expect(rows).toEqual([
      { line: 2, brandName: 'imp brand', seriesName: 'IMP SERIES', modelName: 'imp model', action: 'unchanged', changes: {}, errors: {} },
      {
        line: 3,
        brandName: 'Imp Brand',
        seriesName: 'Imp Series',
        modelName: 'Imp Model X',
        action: 'create',
        changes: { modelPriceUsd: [null, 120] },
        errors: {},
      },
    ]);
    const update = await previewOf(csvBytes([IMPORT_HEADER, ['Imp Brand', 'Imp Series', 'Imp Model', '', '55.5']]));
    expect(update.rows[0]).toMatchObject({ action: 'update', changes: { modelCapacityKW: [3.5, null], modelPriceUsd: [50, 55.5] } });
  });

  it('reads semicolons, a BOM, CRLF and quoted cells with separators, quotes and line breaks inside', async () => {
    const rows = [
      IMPORT_HEADER,
      ['Imp Brand', 'Imp Series', 'Semi; "Q" 1', '1.25', '10'],
      ['Imp Brand', 'Imp Series', 'Comma, 2', '', '20'],
    ];
    for (const options of [{ separator: ';' as const, bom: true, newline: '\r\n' as const }, { separator: ',' as const }]) {
      const { rows: previewed, summary } = await previewOf(csvBytes(rows, options));
      expect(summary).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 });
      expect(previewed.map((row) => [row.line, row.modelName])).toEqual([
        [2, 'Semi; "Q" 1'],
        [3, 'Comma, 2'],
      ]);
    }
    // A line break inside a quoted cell: the next row's line still counts the file's lines.
    const multiline = await previewOf(
      new TextEncoder().encode('Brand,Series,Model,Price USD\r\nImp Brand,Imp Series,"Two\r\nLines",1\r\n\r\nImp Brand,Nope,X,1\r\n'),
    );
    expect(multiline.rows.map((row) => [row.line, row.action])).toEqual([
      [2, 'error'],
      [5, 'error'],
    ]);
    expect(multiline.rows[0]!.errors).toEqual({ modelName: ['This field may not contain control characters.'] });
  });

  it('checks each row by the add-model rules and messages, and the series by brand and name', async () => {
    const { rows, summary } = await previewOf(
      csvBytes([
        [...IMPORT_HEADER, 'Minimum Stock'],
        ['Imp Brand', 'Imp Series', '', 'x', '-1', '1.5'],
        ['Imp Brand', 'Imp Series', 'Precise', '1.2345', '12.349999999999999999', ''],
        ['Imp Brand', 'Other Series', 'Lost', '', '1', ''],
        ['No Brand', 'Imp Series', 'Lost', '', '1', ''],
        ['Imp Brand', 'Imp Series', 'Stocked', '', '1', '4'],
      ]),
    );
    expect(summary).toEqual({ create: 1, update: 0, unchanged: 0, error: 4 });
    expect(rows.map((row) => row.errors)).toEqual([
      {
        modelName: ['Please enter model name.'],
        modelCapacityKW: ['The capacity must be a number.'],
        modelPriceUsd: ['The price must be at least 0.'],
        modelMinStock: ['The minimum stock must be a whole number.'],
      },
      { modelCapacityKW: ['The capacity may have at most 3 decimals.'], modelPriceUsd: ['The price may have at most 2 decimals.'] },
      { seriesName: ['The selected series is invalid.'] },
      { seriesName: ['The selected series is invalid.'] },
      {},
    ]);
    expect(rows[4]!.changes).toEqual({ modelPriceUsd: [null, 1], modelMinStock: [null, 4] });
  });

  it('refuses the later of two rows naming the same model', async () => {
    const { rows } = await previewOf(
      csvBytes([IMPORT_HEADER, ['Imp Brand', 'Imp Series', 'Twin', '', '1'], ['IMP BRAND', 'imp series', 'ＴＷＩＮ', '', '2']]),
    );
    expect(rows.map((row) => [row.action, row.errors])).toEqual([
      ['create', {}],
      ['error', { modelName: ['The model name has already been taken.'] }],
    ]);
  });

  it('answers 422 under file for a file that is not a CSV of models within the limits', async () => {
    const cases: [Uint8Array, object][] = [
      [
        csvBytes([
          ['Brand', 'Model'],
          ['a', 'b'],
        ]),
        fileError('The file has no Series column.', 'The file has no Price USD column.'),
      ],
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 0xff, 0xfe]), fileError('The file must be a CSV file in UTF-8.')],
      [new Uint8Array([0x42, 0x72, 0xe9, 0x0a]), fileError('The file must be a CSV file in UTF-8.')],
      [new TextEncoder().encode('Brand,Series,Model,Price USD\n"open,1,2,3\n'), fileError('The file could not be read as CSV (line 2).')],
    ];
    for (const [bytes, body] of cases) {
      for (const answer of [await preview(bytes), await apply(bytes)]) {
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual(body);
      }
    }
    expect((await call(server, 'models/import-preview', new FormData(), admin)).body).toEqual(invalid({ file: ['Please choose a file.'] }));
  });

  it('refuses more than 10,000 rows and more than 5 MB under file; a whole body beyond is 413', async () => {
    const row = ['Imp Brand', 'Imp Series', 'M', '', '1'];
    const tooMany = csvBytes([IMPORT_HEADER, ...Array.from({ length: 10_001 }, () => row)]);
    expect((await preview(tooMany)).body).toEqual(fileError('The file may not have more than 10000 rows.'));
    const tenThousand = csvBytes([IMPORT_HEADER, ...Array.from({ length: 10_000 }, (_, i) => [...row.slice(0, 2), `Many ${i}`, '', '1'])]);
    expect(ok('models/import-preview', await preview(tenThousand)).preview.summary.create).toBe(10_000);

    const tooBig = new TextEncoder().encode(csvText([IMPORT_HEADER]) + ' '.repeat(5 * 1024 * 1024));
    const answer = await preview(tooBig);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(fileError('The file may not be greater than 5120 kilobytes.'));

    const padded = importForm(csvBytes([IMPORT_HEADER]));
    for (let i = 0; i < 6; i += 1) padded.append(`pad${i}`, 'x'.repeat(1_000_000));
    expect((await call(server, 'models/import', padded, admin)).status).toBe(413);
  });

  it('changes nothing when any row has an error: 422 with the count of rows in error', async () => {
    const before = await snapshot();
    const answer = await apply(
      csvBytes([
        IMPORT_HEADER,
        ['Imp Brand', 'Imp Series', 'Fine One', '', '1'],
        ['Imp Brand', 'Imp Series', 'Imp Model', '', '77'],
        ['Imp Brand', 'Nope', 'Bad', '', '1'],
        ['Imp Brand', 'Imp Series', 'Bad Price', '', 'abc'],
      ]),
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(fileError('The file has errors on 2 rows.'));
    expect(await snapshot()).toEqual(before);
  });

  it('applies every row in one go and says how many were created and updated; quantities are never imported', async () => {
    const answer = await apply(
      csvBytes([
        [...IMPORT_HEADER, 'Quantity'],
        ['imp brand', 'imp series', 'IMP MODEL', '3.5', '64.25', '500'],
        ['Imp Brand', 'Imp Series', 'Applied A', '2', '10', '500'],
        ['Imp Brand', 'Imp Series', 'Applied B', '', '0', '500'],
      ]),
    );
    expect(ok('models/import', answer)).toEqual({ responseMessage: '2 models created, 1 updated.', responseFlag: 'success' });
    const rows = await server.db
      .selectFrom('models')
      .select(['name', 'capacity_milli_kw', 'price_cents', 'quantity', 'version'])
      .where('name', 'in', ['Imp Model', 'Applied A', 'Applied B'])
      .orderBy('name')
      .execute();
    expect(rows.map((row) => ({ ...row, quantity: Number(row.quantity) }))).toEqual([
      { name: 'Applied A', capacity_milli_kw: 2000, price_cents: 1000, quantity: 0, version: 1 },
      { name: 'Applied B', capacity_milli_kw: null, price_cents: 0, quantity: 0, version: 1 },
      // The match keeps its stored name; its version rises as with models/update-model.
      { name: 'Imp Model', capacity_milli_kw: 3500, price_cents: 6425, quantity: 0, version: 2 },
    ]);
    const again = await previewOf(csvBytes([IMPORT_HEADER, ['Imp Brand', 'Imp Series', 'Applied A', '2', '10.00']]));
    expect(again.summary).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
  });

  it('writes the minimum stock and a model.import audit entry for each model created or updated', async () => {
    const answer = await apply(
      csvBytes([
        [...IMPORT_HEADER, 'Minimum Stock'],
        ['Imp Brand', 'Imp Series', 'Applied A', '2', '10', '7'],
        ['Imp Brand', 'Imp Series', 'Audited C', '', '5', '3'],
      ]),
    );
    expect(ok('models/import', answer).responseMessage).toBe('1 models created, 1 updated.');
    const stored = await server.db
      .selectFrom('models')
      .select(['name', 'min_stock'])
      .where('name', 'in', ['Applied A', 'Audited C'])
      .orderBy('name')
      .execute();
    expect(stored.map((row) => [row.name, Number(row.min_stock)])).toEqual([
      ['Applied A', 7],
      ['Audited C', 3],
    ]);
    const entries = ok('audit', await call(server, 'audit', { filters: { action: 'model.import' }, per_page: 10 }, admin)).tableData.data;
    // Newest first: this import's two entries, the update (written after the creates) first.
    expect(entries.slice(0, 2).map((entry) => [entry.entityName, entry.entityType, entry.changes])).toEqual([
      ['Applied A', 'model', { modelMinStock: [0, 7] }],
      [
        'Audited C',
        'model',
        expect.objectContaining({ modelName: [null, 'Audited C'], modelPriceUsd: [null, 5], modelMinStock: [null, 3] }),
      ],
    ]);
  });

  it('re-imports its own export with every row unchanged', async () => {
    await call(
      server,
      'models/add-model',
      { modelName: '-Formula', modelCapacityKW: 5.25, modelPriceUsd: 170, modelSeriesId: await seriesId() },
      admin,
    );
    // The admin's own Export (docs/design.md §7.1): BOM, CRLF, figures, Quantity, and the leading ' of '-Formula'.
    const response = await fetch(`${server.url}/api/models/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filters: {} }),
    });
    expect(response.status).toBe(200);
    const exported = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(exported)).toContain("'-Formula");
    const before = await snapshot();
    const { summary, rows } = await previewOf(exported);
    expect(summary).toEqual({ create: 0, update: 0, unchanged: rows.length, error: 0 });
    expect(rows.map((row) => row.modelName)).toContain('-Formula');
    expect(ok('models/import', await apply(exported)).responseMessage).toBe('0 models created, 0 updated.');
    expect(await snapshot()).toEqual(before);
  });

  const seriesId = async () =>
    (await server.db.selectFrom('series').select('id').where('name', '=', 'Imp Series').executeTakeFirstOrThrow()).id;
});
