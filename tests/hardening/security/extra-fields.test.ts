import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  call,
  describeEachDatabase,
  form,
  images,
  login,
  PASSWORD,
  seedCatalogue,
  signInEachRole,
  startServer,
  type TestServer,
} from '#tests/api/harness.ts';

/**
 * Fields no call names, each aimed at a column it must not reach: the stock, the role, the hash,
 * the owner of a row. Sent beside a valid body (which wins where a name is real), they must be
 * ignored.
 */
const sneaky = (otherUserId: number) => ({
  quantity: 999_999,
  modelQuantity: 999_999,
  quantity_type: 2,
  quantityType: 2,
  role_id: 1,
  roleId: 1,
  isAdmin: 1,
  is_active: 0,
  isActive: 0,
  password_hash: 'scrypt$1024$1$1$AAAA$AAAA',
  token_hash: '0'.repeat(64),
  user_id: otherUserId,
  userId: otherUserId,
  id: otherUserId,
  created_at: '2000-01-01T00:00:00.000Z',
  image_path: '/storage/evil.svg',
});

describeEachDatabase('extra fields are never written', (kind) => {
  let server: TestServer;
  let tokens: Awaited<ReturnType<typeof signInEachRole>>;
  let modelId: number;
  let seriesId: number;

  beforeAll(async () => {
    server = await startServer(kind);
    tokens = await signInEachRole(server);
    ({ modelId, seriesId } = await seedCatalogue(server, tokens.admin, 'Extra'));
  });
  afterAll(() => server.close());

  const user = (id: number) => server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const model = (id: number) => server.db.selectFrom('models').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ok = (answer: { status: number; body: unknown }) => expect(answer.status, JSON.stringify(answer.body)).toBe(200);

  it('no model call sets a quantity; a stock addition is logged as the caller, as an addition', async () => {
    const extras = sneaky(tokens.ids.admin);
    ok(
      await call(
        server,
        'models/add-model',
        { ...extras, modelName: 'Sneaky Model', modelCapacityKW: 1, modelPriceUsd: 10, modelSeriesId: seriesId },
        tokens.admin,
      ),
    );
    const added = await server.db.selectFrom('models').selectAll().where('name', '=', 'Sneaky Model').executeTakeFirstOrThrow();
    expect(added).toMatchObject({ quantity: 0, is_active: 1, series_id: seriesId });
    expect(added.created_at).not.toBe(extras.created_at);

    ok(
      await call(
        server,
        'models/update-model',
        {
          ...extras,
          id: added.id,
          modelName: 'Sneaky Model',
          modelCapacityKW: 1,
          modelPriceUsd: 10,
          modelSeriesId: seriesId,
          modelIsActive: 1,
        },
        tokens.admin,
      ),
    );
    expect((await model(added.id)).quantity).toBe(0);

    const before = (await model(modelId)).quantity;
    ok(await call(server, 'models/add-stock', { ...extras, id: modelId, modelQuantity: 3 }, tokens.manager));
    expect((await model(modelId)).quantity).toBe(before + 3);
    const log = await server.db
      .selectFrom('stock_logs')
      .selectAll()
      .where('model_id', '=', modelId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ quantity: 3, quantity_type: 1, user_id: tokens.ids.manager });
    expect(log.created_at).not.toBe(extras.created_at);
    expect(await server.db.selectFrom('stock_logs').select('id').where('model_id', '=', added.id).execute()).toEqual([]);
  });

  it('no call sets a role, an admin flag or a password hash it does not name', async () => {
    const extras = sneaky(tokens.ids.admin);
    ok(
      await call(
        server,
        'users/add-user',
        { ...extras, name: 'Sneaky User', username: 'sneaky-user', password: 'a-good-password', roleId: 3 },
        tokens.admin,
      ),
    );
    const added = await server.db.selectFrom('users').selectAll().where('username', '=', 'sneaky-user').executeTakeFirstOrThrow();
    expect(added).toMatchObject({ role_id: 3, is_active: 1 });
    expect(added.password_hash.startsWith('scrypt$131072$8$1$')).toBe(true);
    const own = await login(server, 'sneaky-user', 'a-good-password');

    // update-user without a password keeps the hash, whatever else is sent.
    ok(
      await call(
        server,
        'users/update-user',
        { ...extras, id: added.id, name: 'Sneaky User', username: 'sneaky-user', roleId: 3, isActive: 1 },
        tokens.admin,
      ),
    );
    expect((await user(added.id)).password_hash).toBe(added.password_hash);

    // A sales user's own calls: none of them raises the role or touches another user.
    const adminBefore = await user(tokens.ids.admin);
    ok(await call(server, 'me', extras, own));
    ok(
      await call(
        server,
        'auth/change-password',
        { ...extras, currentPassword: 'a-good-password', password: 'another-password', password_confirmation: 'another-password' },
        own,
      ),
    );
    expect(await user(added.id)).toMatchObject({ role_id: 3, is_active: 1 });
    expect(await user(tokens.ids.admin)).toEqual(adminBefore);
    const me = await call(server, 'me', undefined, own);
    expect(me.body.user).toMatchObject({ id: added.id, roleId: 3, isAdmin: 0 });

    const fresh = await call(server, 'auth/login', { ...extras, username: 'sneaky-user', password: 'another-password' });
    ok(fresh);
    expect((await call(server, 'me', undefined, fresh.body.token)).body.user).toMatchObject({ id: added.id, roleId: 3, isAdmin: 0 });
    expect((await call(server, 'users', {}, fresh.body.token)).status).toBe(403);
    // The admin's password still works: change-password changed only the caller's.
    await login(server, (await user(tokens.ids.admin)).username, PASSWORD);
  });

  it('a multipart upload cannot set the stored image path or the status', async () => {
    const extras = Object.fromEntries(Object.entries(sneaky(tokens.ids.admin)).map(([key, value]) => [key, String(value)]));
    ok(
      await call(
        server,
        'brands/add-brand',
        form({ ...extras, brandName: 'Sneaky Brand' }, { brandImage: { bytes: images.png, name: 'x.png' } }),
        tokens.admin,
      ),
    );
    const brand = await server.db.selectFrom('brands').selectAll().where('name', '=', 'Sneaky Brand').executeTakeFirstOrThrow();
    expect(brand.image_path).toMatch(/^\/storage\/[0-9a-f]{64}\.png$/);
    expect(brand.is_active).toBe(1);
  });
});
