import { crc32, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sniffImage } from '#src/contract/images.ts';
import { sql } from 'kysely';
import { quoteStatuses } from '#src/contract/quotes.ts';
import { QUANTITY_REMOVED } from '#src/domain/stock.ts';
import { ROLE_ADMIN, ROLE_MANAGER, ROLE_SALES } from '#src/domain/roles.ts';
import { USERS } from '#server/demo/catalogue.ts';
import { DemoRefusedError, seedDemo, type SeedSummary } from '#server/demo/seed.ts';
import { call, describeEachDatabase, login, startServer, type TestServer } from './harness.ts';

// The demo seed runs in-process on the test server's own database, then the real server is
// asked to sign its admin in: the seed must produce data the app accepts, not just rows.

const PASSWORD = 'demo-test-pass';
// Today: the quotes' statuses (expired above all) are read by the server's clock.
const NOW = new Date();

/** Walks the chunks of a PNG, checking each CRC, and answers its size and inflated pixel bytes. */
function decodePng(bytes: Uint8Array) {
  const buffer = Buffer.from(bytes);
  let offset = 8;
  let header: Buffer | undefined;
  const idat: Buffer[] = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const typeAndData = buffer.subarray(offset + 4, offset + 8 + length);
    expect(buffer.readUInt32BE(offset + 8 + length)).toBe(crc32(typeAndData));
    const type = typeAndData.subarray(0, 4).toString('ascii');
    if (type === 'IHDR') header = typeAndData.subarray(4);
    if (type === 'IDAT') idat.push(typeAndData.subarray(4));
    offset += 12 + length;
  }
  const width = header!.readUInt32BE(0);
  const height = header!.readUInt32BE(4);
  return { width, height, pixels: inflateSync(Buffer.concat(idat)) };
}

describeEachDatabase('demo data', (kind) => {
  let server: TestServer;
  let summary: SeedSummary;
  const connection = () => ({ db: server.db, kind: server.kind });

  beforeAll(async () => {
    server = await startServer(kind);
    summary = await seedDemo(connection(), { password: PASSWORD, now: NOW });
  });
  afterAll(() => server.close());

  it('writes a catalogue of believable size', async () => {
    const { counts } = summary;
    expect(counts.brands).toBeGreaterThanOrEqual(5);
    expect(counts.series).toBeGreaterThanOrEqual(20);
    expect(counts.models).toBeGreaterThanOrEqual(300);
    expect(counts.modelsWithoutCapacity).toBeGreaterThan(0);
    expect(counts.inactiveModels).toBeGreaterThan(0);
    expect(counts.stockLogs).toBeGreaterThan(counts.models / 2);
    const models = await server.db.selectFrom('models').select(['capacity_milli_kw', 'price_cents']).execute();
    expect(models).toHaveLength(counts.models);
    for (const model of models) {
      expect(Number(model.price_cents)).toBeGreaterThanOrEqual(250_00);
      expect(Number(model.price_cents)).toBeLessThanOrEqual(2500_00);
    }
    const variables = await server.db.selectFrom('variables').selectAll().executeTakeFirstOrThrow();
    expect(variables).toMatchObject({ tr: '3.517', exch: '281.15', fare: '0.05', duties: '0.20', profit: '0.15' });
  });

  it('gives every brand and series a real PNG', async () => {
    const pictured = [
      ...(await server.db.selectFrom('brands').select('image_path').execute()),
      ...(await server.db.selectFrom('series').select('image_path').execute()),
    ];
    for (const { image_path } of pictured) {
      const [, sha256, ext] = /^\/storage\/([0-9a-f]{64})\.(png)$/.exec(image_path) ?? [];
      expect(sha256, image_path).toBeDefined();
      const image = await server.db
        .selectFrom('images')
        .selectAll()
        .where('sha256', '=', sha256!)
        .where('ext', '=', ext!)
        .executeTakeFirstOrThrow();
      const bytes = new Uint8Array(image.bytes);
      expect(sniffImage(bytes)).toEqual({ ext: 'png', contentType: 'image/png' });
      const png = decodePng(bytes);
      // One filter byte and three RGB bytes per pixel on every scanline.
      expect(png.pixels.length).toBe(png.height * (1 + png.width * 3));
    }
    const brandImages = new Set((await server.db.selectFrom('brands').select('image_path').execute()).map((row) => row.image_path));
    expect(brandImages.size).toBe(summary.counts.brands);
  });

  it('has several users of each role', async () => {
    const users = await server.db.selectFrom('users').select(['role_id', 'is_active']).where('is_active', '=', 1).execute();
    for (const role of [ROLE_ADMIN, ROLE_MANAGER, ROLE_SALES]) {
      expect(users.filter((user) => user.role_id === role).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives the rate a history that ends at the stored rate, for the chart and the sparkline', async () => {
    const admin = await login(server, 'admin', PASSWORD);
    const history = await call(server, 'variables/history', { filters: { variable: 'exch' }, per_page: 100 }, admin);
    const rows = history.body.tableData.data as { oldValue: string; newValue: string; createdAt: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const variables = await call(server, 'variables', {}, admin);
    expect(rows[0]!.newValue).toBe(variables.body.variables.exch);
    // Newest first, each change taking up where the one before it left off, all in the past.
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.oldValue).toBe(rows[i]!.newValue);
    expect(rows.every((row) => row.createdAt < NOW.toISOString())).toBe(true);
  });

  it("keeps every model's quantity equal to the sum of its log, removals (won quotes') taken off", async () => {
    const signed = sql<number>`case when stock_logs.quantity_type = ${QUANTITY_REMOVED} then -stock_logs.quantity else stock_logs.quantity end`;
    const rows = await server.db
      .selectFrom('models')
      .leftJoin('stock_logs', 'stock_logs.model_id', 'models.id')
      .select((eb) => ['models.id', 'models.quantity', eb.fn.coalesce(eb.fn.sum<number>(signed), eb.lit(0)).as('logged')])
      .groupBy(['models.id', 'models.quantity'])
      .execute();
    expect(rows).toHaveLength(summary.counts.models);
    const mismatched = rows.filter((row) => Number(row.quantity) !== Number(row.logged));
    expect(mismatched).toEqual([]);
    expect(rows.filter((row) => Number(row.quantity) > 0).length).toBeGreaterThan(200);
  });

  it('gives every salesperson a quote in every status, each one readable, numbered gapless per year', async () => {
    const statuses = [...quoteStatuses].sort();
    for (const user of USERS.filter((row) => row.active && row.roleId === ROLE_SALES)) {
      const token = await login(server, user.username, PASSWORD);
      const list = await call(server, 'quotes', { per_page: 100 }, token);
      const rows = list.body.tableData.data as { id: number; label: string; status: string; createdByName: string }[];
      expect(rows.every((row) => row.createdByName === user.name)).toBe(true);
      expect([...new Set(rows.map((row) => row.status))].sort(), user.username).toEqual(statuses);
      for (const status of statuses) {
        const row = rows.find((quote) => quote.status === status)!;
        const got = await call(server, 'quotes/get', { id: row.id }, token);
        expect(got.status, `${user.username} ${status}`).toBe(200);
        expect(got.body.quote).toMatchObject({ label: row.label, status });
        expect(got.body.quote.lines.length).toBeGreaterThan(0);
        if (status !== 'draft' && status !== 'cancelled') expect(got.body.quote.shareUrl).toMatch(/\/q\//);
        if (status === 'lost') expect(got.body.quote.lostReason).not.toBeNull();
      }
    }
    const numbers = await server.db.selectFrom('quotes').select('number').where('revision', '=', 1).execute();
    for (const year of new Set(numbers.map(({ number }) => number.slice(2, 6)))) {
      const sequences = numbers
        .filter(({ number }) => number.slice(2, 6) === year)
        .map(({ number }) => Number(number.slice(7)))
        .sort((a, b) => a - b);
      expect(sequences, year).toEqual(sequences.map((_, index) => index + 1));
    }
    expect(summary.counts.quotes).toBeGreaterThan(numbers.length);
  });

  it('takes won quotes out of stock with their moves, as the app does', async () => {
    const moves = await server.db.selectFrom('stock_logs').select('quantity_type').where('note', 'like', 'Quote Q-%').execute();
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((move) => move.quantity_type === QUANTITY_REMOVED)).toBe(true);
    const entries = await server.db.selectFrom('audit_log').select('action').where('action', 'like', 'quote.%').execute();
    expect(new Set(entries.map((entry) => entry.action))).toEqual(
      new Set(['quote.create', 'quote.send', 'quote.update', 'quote.revise', 'quote.win', 'quote.lose', 'quote.cancel']),
    );
  });

  it('refuses a used database, and a reset writes the same catalogue again', async () => {
    const snapshot = () =>
      server.db
        .selectFrom('models')
        .select(['id', 'series_id', 'name', 'capacity_milli_kw', 'price_cents', 'quantity', 'is_active'])
        .orderBy('id')
        .execute();
    const before = await snapshot();
    await expect(seedDemo(connection(), { password: PASSWORD, now: NOW })).rejects.toBeInstanceOf(DemoRefusedError);
    const again = await seedDemo(connection(), { password: PASSWORD, now: NOW, reset: true });
    expect(again.counts).toEqual(summary.counts);
    expect(await snapshot()).toEqual(before);
  });

  it('lets the demo admin sign in through the server, and not the inactive user', async () => {
    const token = await login(server, 'admin', PASSWORD);
    const me = await call(server, 'me', undefined, token);
    expect(me.body.user).toMatchObject({ username: 'admin', roleId: ROLE_ADMIN, isAdmin: 1 });
    const models = await call(server, 'models', {}, token);
    expect(models.body.tableData.total).toBe(summary.counts.models);
    const brands = await call(server, 'brands', {}, token);
    const logo = await fetch(`${server.url}${brands.body.tableData.data[0].brandImage}`);
    expect(logo.headers.get('content-type')).toBe('image/png');
    const inactive = summary.users.find((user) => !user.active)!;
    expect((await call(server, 'auth/login', { username: inactive.username, password: PASSWORD })).status).toBe(401);
  });
});
