import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  call,
  createUser,
  describeEachDatabase,
  form,
  images,
  login,
  seedCatalogue,
  startServer,
  type Answer,
  type TestServer,
} from './harness.ts';

// docs/design.md §7.2 ("An unambiguous who") and §7.6 (text, look-alikes, passwords, decimals): the
// same answer on both databases, and nothing written when refused.

const CONTROL = 'This field may not contain control characters.';
const TAKEN = 'The username has already been taken.';
const INVISIBLE = 'This field may not contain invisible characters.';
// docs/design.md §8.9: bidirectional controls and zero-width characters, refused in every text.
const DISGUISING = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
];

function expect422(answer: Answer, field: string, message: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.errors[field]).toEqual([message]);
}

describeEachDatabase('text rules', (kind) => {
  let server: TestServer;
  let admin: string;
  let catalogue: { brandId: number; seriesId: number; modelId: number };

  beforeAll(async () => {
    server = await startServer(kind);
    await createUser(server, 1, 'admin');
    admin = await login(server, 'admin');
    catalogue = await seedCatalogue(server, admin, 'Text');
  });
  afterAll(() => server.close());

  const countRows = async (table: 'users' | 'brands' | 'models') =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const addUser = (fields: Record<string, unknown>) =>
    call(server, 'users/add-user', { name: 'Someone', username: 'someone', password: 'password123', roleId: 3, ...fields }, admin);
  const addBrand = (brandName: string) =>
    call(server, 'brands/add-brand', form({ brandName }, { brandImage: { bytes: images.png, name: 'b.png' } }), admin);
  const addModel = (fields: Record<string, unknown>) =>
    call(
      server,
      'models/add-model',
      { modelName: 'Text M', modelCapacityKW: 1, modelPriceUsd: 1, modelSeriesId: catalogue.seriesId, ...fields },
      admin,
    );

  it('refuses a NUL or any control character in a login, a search or a name with 422, before any SQL', async () => {
    expect422(await call(server, 'auth/login', { username: 'ad\u0000min', password: 'password123' }), 'username', CONTROL);
    expect422(await call(server, 'auth/login', { username: 'admin', password: 'pass\u0000word123' }), 'password', CONTROL);
    for (const path of ['users', 'brands', 'series', 'models']) {
      expect422(await call(server, path, { filters: { search: 'a\u0000' } }, admin), 'filters.search', CONTROL);
    }
    const users = await countRows('users');
    for (const ch of ['\u0000', '\u0007', '\n', '\u001f', '\u007f', '\u0085', '\u009f']) {
      expect422(await addUser({ name: `Na${ch}me` }), 'name', CONTROL);
      expect422(await addUser({ username: `user${ch}name` }), 'username', CONTROL);
      expect422(await addUser({ password: `password${ch}123` }), 'password', CONTROL);
    }
    expect(await countRows('users')).toBe(users);
    const brands = await countRows('brands');
    expect422(await addBrand('Bad\u0000Brand'), 'brandName', CONTROL);
    expect(await countRows('brands')).toBe(brands);
    expect422(await addModel({ modelName: 'M\u0000' }), 'modelName', CONTROL);
    expect422(
      await call(server, 'variables/update-variables', { tr: '1\u0000', exch: '1', fare: '0', duties: '0', profit: '0' }, admin),
      'tr',
      CONTROL,
    );
  });

  it('refuses a bidirectional control or a zero-width character in a stock note, writing nothing', async () => {
    const { modelId } = catalogue;
    const stock = () => server.db.selectFrom('models').select('quantity').where('id', '=', modelId).executeTakeFirstOrThrow();
    const logs = () => server.db.selectFrom('stock_logs').select('id').execute();
    const [quantityBefore, logsBefore] = [await stock(), await logs()];
    // The probe's note: U+202E shows 'ORD-1234' as 'ORD-4321'.
    for (const move of ['models/add-stock', 'models/remove-stock'] as const) {
      expect422(await call(server, move, { id: modelId, modelQuantity: 1, note: 'ORD-\u202e1234' }, admin), 'note', INVISIBLE);
      for (const ch of DISGUISING) {
        expect422(await call(server, move, { id: modelId, modelQuantity: 1, note: `ORD-${ch}1234` }, admin), 'note', INVISIBLE);
      }
      // Alone it is not blank (U+FEFF is to trim()): refused, never taken as no note.
      expect422(await call(server, move, { id: modelId, modelQuantity: 1, note: '\ufeff' }, admin), 'note', INVISIBLE);
    }
    expect(await stock()).toEqual(quantityBefore);
    expect(await logs()).toEqual(logsBefore);
    // A note in another script and direction, without controls, is fine.
    expect((await call(server, 'models/add-stock', { id: modelId, modelQuantity: 1, note: 'آرڈر 1234' }, admin)).status).toBe(200);
  });

  it('refuses them in a search, a login, a password, a name and a variable, under the field', async () => {
    for (const ch of DISGUISING) {
      for (const path of ['users', 'brands', 'series', 'models']) {
        expect422(await call(server, path, { filters: { search: `Text${ch}` } }, admin), 'filters.search', INVISIBLE);
      }
      expect422(await call(server, 'auth/login', { username: `ad${ch}min`, password: 'password123' }), 'username', INVISIBLE);
      expect422(await call(server, 'auth/login', { username: 'admin', password: `password${ch}123` }), 'password', INVISIBLE);
      expect422(await addUser({ username: 'hidden', password: `password${ch}123` }), 'password', INVISIBLE);
      expect422(await addUser({ username: 'hidden', name: `Na${ch}me` }), 'name', INVISIBLE);
      expect422(await addModel({ modelName: `M${ch}1` }), 'modelName', INVISIBLE);
      expect422(
        await call(server, 'variables/update-variables', { tr: `3${ch}`, exch: '280', fare: '0', duties: '0', profit: '0' }, admin),
        'tr',
        INVISIBLE,
      );
    }
    expect(await server.db.selectFrom('users').select('id').where('username', '=', 'hidden').execute()).toEqual([]);
  });

  it('stores names NFKC-normalised and refuses invisible characters', async () => {
    expect((await addUser({ name: 'Ｆｕｌｌ Ｗｉｄｔｈ', username: 'ｆｕｌｌ' })).status).toBe(200);
    const row = await server.db.selectFrom('users').selectAll().where('username', '=', 'full').executeTakeFirstOrThrow();
    expect(row.name).toBe('Full Width');
    const users = await countRows('users');
    expect422(await addUser({ username: 'zero\u200bwidth' }), 'username', 'This field may not contain invisible characters.');
    expect422(await addUser({ name: 'Soft\u00adhyphen', username: 'soft' }), 'name', 'This field may not contain invisible characters.');
    expect(await countRows('users')).toBe(users);
    expect422(await addBrand('Bra\ufeffnd'), 'brandName', 'This field may not contain invisible characters.');
  });

  it('compares normalised, case-folded names: full-width admin is taken, and so is a full-width brand', async () => {
    expect422(await addUser({ username: 'ａｄｍｉｎ' }), 'username', TAKEN);
    expect422(await addUser({ username: 'ADMIN' }), 'username', TAKEN);
    expect422(await addBrand('ＴＥＸＴ brand'), 'brandName', 'The brand name has already been taken.');
    expect422(await addModel({ modelName: 'ｔｅｘｔ ｍｏｄｅｌ' }), 'modelName', 'The model name has already been taken.');
    // The full-width search finds the plain name.
    const found = await call(server, 'brands', { filters: { search: 'ｔｅｘｔ' } }, admin);
    expect(found.body.tableData.data.map((b: { brandName: string }) => b.brandName)).toEqual(['Text Brand']);
  });

  it('accepts a name of 255 × İ, whose lower-cased key is longer than 255 characters, and finds it taken again', async () => {
    const long = 'İ'.repeat(255);
    expect((await addUser({ name: long, username: long })).status).toBe(200);
    expect((await addUser({ username: 'İ'.repeat(129), name: 'x' })).status).toBe(200);
    expect422(await addUser({ username: 'İ'.repeat(129) }), 'username', TAKEN);
    expect((await addBrand(long)).status).toBe(200);
    expect422(await addBrand(long), 'brandName', 'The brand name has already been taken.');
  });

  it('keeps usernames unique by their look-alike skeleton: a Cyrillic а is admin', async () => {
    const users = await countRows('users');
    expect422(await addUser({ username: '\u0430dmin' }), 'username', TAKEN);
    expect422(await addUser({ username: 'аdmіn' }), 'username', TAKEN);
    expect(await countRows('users')).toBe(users);
    expect((await call(server, 'auth/login', { username: '\u0430dmin', password: 'password123' })).status).toBe(401);
  });

  it('refuses a brand, series or model name that mixes Latin with Cyrillic or Greek letters', async () => {
    const mixed = 'The name may not mix alphabets.';
    expect422(await addBrand('Gr\u0435\u0435'), 'brandName', mixed);
    expect422(await addBrand('Alpha\u03b2'), 'brandName', mixed);
    expect422(
      await call(
        server,
        'series/add-series',
        form({ seriesName: 'S\u0435ries', seriesBrandId: catalogue.brandId }, { seriesImage: { bytes: images.png, name: 's.png' } }),
        admin,
      ),
      'seriesName',
      mixed,
    );
    expect422(await addModel({ modelName: 'M\u043eDEL' }), 'modelName', mixed);
    // One alphabet alone is fine, whichever it is.
    expect((await addBrand('Грее')).status).toBe(200);
    expect((await addBrand('Ελλάς')).status).toBe(200);
  });

  it('refuses a password of spaces only on every call that sets one, and counts code points', async () => {
    const spaces = ' '.repeat(8);
    expect422(await addUser({ username: 'spaces', password: spaces }), 'password', 'Please enter password.');
    const id = await createUser(server, 3, 'changer');
    const row = () => server.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
    const before = await row();
    expect422(
      await call(
        server,
        'users/update-user',
        { id, name: 'Changer', username: 'changer', password: spaces, roleId: 3, isActive: 1 },
        admin,
      ),
      'password',
      'Please enter password.',
    );
    const changer = await login(server, 'changer');
    expect422(
      await call(
        server,
        'auth/change-password',
        { currentPassword: 'password123', password: spaces, password_confirmation: spaces },
        changer,
      ),
      'password',
      'Please enter password.',
    );
    expect(await row()).toEqual(before);
    // Seven emoji are 14 UTF-16 units but 7 characters: too short. Eight are enough.
    expect422(await addUser({ username: 'emoji7', password: '😀'.repeat(7) }), 'password', 'The password must be at least 8 characters.');
    expect((await addUser({ username: 'emoji8', password: '😀'.repeat(8) })).status).toBe(200);
    expect((await login(server, 'emoji8', '😀'.repeat(8))).length).toBeGreaterThan(0);
    // Spaces are counted, never trimmed: 4 letters between spaces are 8 characters.
    expect((await addUser({ username: 'padded', password: '  abcd  ' })).status).toBe(200);
  });

  it('judges decimals by the text sent, as a string or as a JSON number, never rounding', async () => {
    const raw = (path: string, body: string) =>
      fetch(`${server.url}/api/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body,
      }).then(async (r) => ({ status: r.status, body: await r.json(), headers: r.headers }) as Answer);
    const models = await countRows('models');
    expect422(
      await addModel({ modelName: 'Precise', modelPriceUsd: '12.349999999999999999' }),
      'modelPriceUsd',
      'The price may have at most 2 decimals.',
    );
    const base = `"modelName":"Precise","modelSeriesId":${catalogue.seriesId}`;
    expect422(
      await raw('models/add-model', `{${base},"modelCapacityKW":1,"modelPriceUsd":12.349999999999999999}`),
      'modelPriceUsd',
      'The price may have at most 2 decimals.',
    );
    expect422(
      await raw('models/add-model', `{${base},"modelCapacityKW":1.0009999999999999999,"modelPriceUsd":1}`),
      'modelCapacityKW',
      'The capacity may have at most 3 decimals.',
    );
    expect(await countRows('models')).toBe(models);
    expect422(
      await raw('variables/update-variables', '{"tr":1.00000000000000000001,"exch":"280","fare":"0","duties":"0","profit":"0"}'),
      'tr',
      'The tr must be a number greater than 0.',
    );
    // Text that names a value with 2 decimals is fine however it is written.
    expect((await raw('models/add-model', `{${base},"modelCapacityKW":1.5000,"modelPriceUsd":1.2345e2}`)).status).toBe(200);
    const row = await server.db.selectFrom('models').selectAll().where('name', '=', 'Precise').executeTakeFirstOrThrow();
    expect(row.price_cents).toBe(12345);
    expect(row.capacity_milli_kw).toBe(1500);
  });
});
