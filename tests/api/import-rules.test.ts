import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { csvBytes, csvText, IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import { call, describeEachDatabase, seedCatalogue, signInEachRole, startServer, type TestServer } from './harness.ts';
import { invalid, ok } from './expected.ts';

// docs/design.md §8.9, the import's rules against what the second outside probe found, on each
// database: every row read or the file refused, ragged rows and wide or repeated headers refused,
// no cell echoed past 1,000 characters, no edit undone, one import at a time, and a file one byte
// over 5 MiB always the 422.

const fileError = (...messages: string[]) => invalid({ file: messages });
const row = (name: string, price = '1') => ['Imp Brand', 'Imp Series', name, '', price];

describeEachDatabase('models/import, §8.9', (kind) => {
  let server: TestServer;
  let admin: string;
  let modelId: number;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin } = await signInEachRole(server));
    // Imp Brand / Imp Series / Imp Model: 3.5 kW, 50 USD.
    ({ modelId } = await seedCatalogue(server, admin, 'Imp'));
  });
  afterAll(() => server.close());

  const preview = (bytes: Uint8Array) => call(server, 'models/import-preview', importForm(bytes), admin);
  const apply = (bytes: Uint8Array) => call(server, 'models/import', importForm(bytes), admin);
  const previewOf = async (bytes: Uint8Array) => ok('models/import-preview', await preview(bytes)).preview;
  const model = () =>
    server.db
      .selectFrom('models')
      .select(['name', 'capacity_milli_kw', 'price_cents', 'is_active', 'version'])
      .where('id', '=', modelId)
      .executeTakeFirstOrThrow();
  const modelCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('models')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('skips rows of empty cells without counting them, and refuses a file past 10,000 rows whole', async () => {
    const blank = ['', '', '', '', ''];
    // The probe: 3 blank rows and 10,001 real ones gave '9998 models created'.
    const probe = csvBytes([
      IMPORT_HEADER,
      blank,
      blank,
      [' ', '', '', '', ''],
      ...Array.from({ length: 10_001 }, (_, i) => row(`Probe ${i}`)),
    ]);
    const before = await modelCount();
    for (const answer of [await preview(probe), await apply(probe)]) {
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(fileError('The file may not have more than 10000 rows.'));
    }
    expect(await modelCount()).toBe(before);

    // 10,000 real rows among blank ones are all read, each on its own line of the file.
    const rows = Array.from({ length: 10_000 }, (_, i) => row(`Counted ${i}`));
    const { summary, rows: previewed } = await previewOf(csvBytes([IMPORT_HEADER, blank, ...rows.slice(0, 5), blank, ...rows.slice(5)]));
    expect(summary).toEqual({ create: 10_000, update: 0, unchanged: 0, error: 0 });
    expect(previewed.slice(4, 7).map((r) => [r.line, r.modelName])).toEqual([
      [7, 'Counted 4'],
      [9, 'Counted 5'],
      [10, 'Counted 6'],
    ]);
  });

  it('makes a row with more or fewer cells than the header an error on that row', async () => {
    // The probe: an unquoted 1,234.56 became a price of 1.
    const bytes = new TextEncoder().encode(
      `${csvText([IMPORT_HEADER])}Imp Brand,Imp Series,Shifted,,1,234.56\nImp Brand,Imp Series,Short,1\nImp Brand,Imp Series,Fine,,2\n`,
    );
    const { rows, summary } = await previewOf(bytes);
    expect(summary).toEqual({ create: 1, update: 0, unchanged: 0, error: 2 });
    expect(rows.map((r) => [r.line, r.modelName, r.action, r.errors])).toEqual([
      [2, 'Shifted', 'error', { row: ['This row has 6 cells; the header has 5.'] }],
      [3, 'Short', 'error', { row: ['This row has 4 cells; the header has 5.'] }],
      [4, 'Fine', 'create', {}],
    ]);
    expect((await apply(bytes)).body).toEqual(fileError('The file has errors on 2 rows.'));
  });

  it('refuses a header with a title twice (case-insensitive) or more than 100 columns', async () => {
    const twice = csvBytes([[...IMPORT_HEADER, 'Notes', ' BRAND '], row('Twice')]);
    const wide = (columns: number) =>
      csvBytes([[...IMPORT_HEADER, ...Array.from({ length: columns - IMPORT_HEADER.length }, (_, i) => `Extra ${i}`)]]);
    for (const send of [preview, apply]) {
      expect((await send(twice)).body).toEqual(fileError('The file has the column BRAND twice.'));
      expect((await send(wide(101))).body).toEqual(fileError('The file has more than 100 columns.'));
    }
    // 100 columns, and blank titles (a spreadsheet's trailing empty columns), are a header.
    expect((await previewOf(wide(100))).rows).toEqual([]);
    expect(
      (
        await previewOf(
          csvBytes([
            [...IMPORT_HEADER, '', ''],
            [...row('Blank Titles'), '', ''],
          ]),
        )
      ).summary.create,
    ).toBe(1);
    // The probe's shape: one header line of 850,000 columns, refused with no more work than 101 of them.
    const huge = new TextEncoder().encode(`${IMPORT_HEADER.join(',')}${',x'.repeat(850_000)}\n`);
    expect((await preview(huge)).body).toEqual(fileError('The file has more than 100 columns.'));
  });

  it('makes a cell over 1,000 characters an error on its row, and echoes no cell past 1,000', async () => {
    const long = 'L'.repeat(5_000);
    const { rows } = await previewOf(
      csvBytes([
        [...IMPORT_HEADER, 'Notes', ''],
        [...row(long), 'n'.repeat(1_001), ''],
        [...row('Edge'), 'n'.repeat(1_000), 'x'.repeat(1_001)],
      ]),
    );
    expect(rows.map((r) => r.errors)).toEqual([
      {
        row: ['The Model cell may not be greater than 1000 characters.', 'The Notes cell may not be greater than 1000 characters.'],
      },
      { row: ['The column 7 cell may not be greater than 1000 characters.'] },
    ]);
    expect(rows[0]!.modelName).toBe(long.slice(0, 1_000));
  });

  it('writes only the columns the file has and never the status, to the model as the import read it', async () => {
    await server.db.updateTable('models').set({ is_active: 0 }).where('id', '=', modelId).execute();
    const before = await model();
    // No Capacity-KW column: the capacity stays; the status is never imported.
    const answer = await apply(
      csvBytes([
        ['Brand', 'Series', 'Model', 'Price USD'],
        ['imp brand', 'imp series', 'IMP MODEL', '61.5'],
      ]),
    );
    expect(ok('models/import', answer).responseMessage).toBe('0 models created, 1 updated.');
    expect(await model()).toEqual({ ...before, price_cents: 6150, version: before.version + 1 });
  });

  it('is one at a time: a second import meanwhile is 422 under file', async () => {
    const big = (name: string) => csvBytes([IMPORT_HEADER, ...Array.from({ length: 10_000 }, (_, i) => row(`${name} ${i}`))]);
    const answers = await Promise.all([apply(big('First')), apply(big('Second'))]);
    for (const answer of answers) {
      if (answer.status !== 200) expect(answer.body).toEqual(fileError('Another import is running. Try again when it has finished.'));
    }
    // Each import all or nothing.
    for (const name of ['First', 'Second']) {
      const count = Number(
        (
          await server.db
            .selectFrom('models')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('name', 'like', `${name} %`)
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect([0, 10_000]).toContain(count);
    }
  });

  it('answers a file one byte over 5 MiB with the 422 under file, every time', async () => {
    const bytes = new Uint8Array(5 * 1024 * 1024 + 1).fill(32);
    for (let i = 0; i < 20; i += 1) {
      const answer = await preview(bytes);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(fileError('The file may not be greater than 5120 kilobytes.'));
    }
    // Far over too: the file's own limit is checked before the body's.
    expect((await apply(new Uint8Array(8 * 1024 * 1024).fill(32))).body).toEqual(
      fileError('The file may not be greater than 5120 kilobytes.'),
    );
  });

  if (kind === 'postgres') {
    // SQLite cannot interleave: the import's first statement takes the file's write lock
    // (import-lock.ts), so any other write waits until it has committed.
    it('never undoes an edit saved while it runs: 422 and nothing of the import written', async () => {
      const before = await model();
      const importing = await server.db.connection().execute(async (other) => {
        // Another admin's save holds the model's row while the import reaches it.
        await sql`BEGIN`.execute(other);
        await sql`SELECT id FROM models WHERE id = ${modelId} FOR UPDATE`.execute(other);
        const sent = apply(csvBytes([IMPORT_HEADER, ['Imp Brand', 'Imp Series', 'Imp Model', '9', '77'], row('Meanwhile New')]));
        // The moment is the server's: its write of the model waits for this transaction (a lock not granted).
        for (;;) {
          const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted`.execute(other);
          if (rows[0]!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await sql`UPDATE models SET name = 'Renamed Meanwhile', name_key = 'renamed meanwhile', is_active = 0, version = version + 1
          WHERE id = ${modelId}`.execute(other);
        await sql`COMMIT`.execute(other);
        return sent;
      });
      // The probe: the model was renamed back and reactivated.
      expect(importing.status).toBe(422);
      expect(importing.body).toEqual(fileError('Models changed while the file was being imported. Preview it again.'));
      expect(await model()).toEqual({ ...before, name: 'Renamed Meanwhile', is_active: 0, version: before.version + 1 });
      expect(await server.db.selectFrom('models').select('id').where('name', '=', 'Meanwhile New').executeTakeFirst()).toBeUndefined();
    });

    it('refuses an import while another process holds the database import lock', async () => {
      await server.db.connection().execute(async (other) => {
        await sql`SELECT pg_advisory_lock(7260119)`.execute(other);
        try {
          expect((await apply(csvBytes([IMPORT_HEADER, row('Locked Out')]))).body).toEqual(
            fileError('Another import is running. Try again when it has finished.'),
          );
        } finally {
          await sql`SELECT pg_advisory_unlock(7260119)`.execute(other);
        }
      });
      expect(ok('models/import', await apply(csvBytes([IMPORT_HEADER, row('Let In')]))).responseMessage).toBe(
        '1 models created, 0 updated.',
      );
    });
  }
});
