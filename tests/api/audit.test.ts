import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '#src/contract/audit.ts';
import type { Variables } from '#src/contract/variables.ts';
import { call, createUser, describeEachDatabase, form, images, login, PASSWORD, startServer, type TestServer } from './harness.ts';
import { forbidden, invalid, ok } from './expected.ts';

// docs/design.md §7.2: every successful write appends its entry in its own transaction; refused
// writes leave none; `audit` (admin) lists them with filters, newest first.

const IMAGE_PATH = /^\/storage\/[0-9a-f]{64}\.(png|jpg|gif)$/;

describeEachDatabase('audit log', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let adminId: number;
  let managerId: number;

  beforeAll(async () => {
    server = await startServer(kind);
    adminId = await createUser(server, 1, 'audit.admin', 1, 'Audit Admin');
    managerId = await createUser(server, 2, 'audit.manager', 1, 'Audit Manager');
    admin = await login(server, 'audit.admin');
    manager = await login(server, 'audit.manager');
  });
  afterAll(() => server.close());

  const audit = async (filters: Record<string, unknown> = {}, page = 1, perPage = 1000) =>
    ok('audit', await call(server, 'audit', { filters, page, per_page: perPage }, admin)).tableData;
  /** The newest entry of an action (for one record when given). */
  const latest = async (action: string, entityId?: number): Promise<AuditEntry> => {
    const [entry] = (await audit({ action, ...(entityId ? { entityId } : {}) }, 1, 1)).data;
    if (!entry) throw new Error(`no ${action} entry`);
    return entry;
  };
  const count = async () =>
    (
      await server.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  const byAdmin = { userId: 0, userName: 'Audit Admin' };
  beforeAll(() => {
    byAdmin.userId = adminId;
  });

  const addBrand = (brandName: string) =>
    call(server, 'brands/add-brand', form({ brandName }, { brandImage: { bytes: images.png, name: 'logo.png' } }), admin);
  const idOf = async (table: 'brands' | 'series' | 'models' | 'users', column: 'name' | 'username', value: string) =>
    (await server.db.selectFrom(table).select('id').where(column, '=', value).executeTakeFirstOrThrow()).id;

  it('logs sign-in and sign-out as the user concerned, with no changes', async () => {
    const token = await login(server, 'audit.manager');
    const signedIn = await latest('auth.login', managerId);
    expect(signedIn).toMatchObject({
      userId: managerId,
      userName: 'Audit Manager',
      entityType: 'user',
      entityName: 'Audit Manager',
      changes: {},
    });
    ok('auth/logout', await call(server, 'auth/logout', {}, token));
    expect(await latest('auth.logout', managerId)).toMatchObject({
      userId: managerId,
      entityType: 'user',
      entityId: managerId,
      changes: {},
    });
  });

  it('leaves sign-ins and sign-outs out unless the action filter names them (docs/design.md §8.8)', async () => {
    const token = await login(server, 'audit.manager');
    ok('auth/logout', await call(server, 'auth/logout', {}, token));
    const session = (entry: AuditEntry) => entry.action === 'auth.login' || entry.action === 'auth.logout';
    expect((await audit()).data.filter(session)).toEqual([]);
    expect((await audit({ entityType: 'user', entityId: managerId })).data.filter(session)).toEqual([]);
    const signIns = (await audit({ action: 'auth.login', userId: managerId })).data;
    expect(signIns.length).toBeGreaterThan(0);
    expect(signIns.every((entry) => entry.action === 'auth.login')).toBe(true);
    expect((await audit({ action: 'auth.logout', userId: managerId })).total).toBeGreaterThan(0);
  });

  it('logs brand.create and brand.update with each changed field, the image as its stored path, and {} for a save that changes nothing', async () => {
    ok('brands/add-brand', await addBrand('Audit Brand'));
    const id = await idOf('brands', 'name', 'Audit Brand');
    const created = await latest('brand.create', id);
    expect(created).toMatchObject({ ...byAdmin, entityType: 'brand', entityId: id, entityName: 'Audit Brand' });
    expect(created.changes).toEqual({
      brandName: [null, 'Audit Brand'],
      brandImage: [null, expect.stringMatching(IMAGE_PATH)],
      brandIsActive: [null, 1],
    });
    expect(created.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const oldImage = created.changes.brandImage![1];
    const update = (fields: Record<string, string | number>, image?: Uint8Array) =>
      call(server, 'brands/update-brand', form({ id, ...fields }, image ? { brandImage: { bytes: image, name: 'new.gif' } } : {}), admin);
    ok('brands/update-brand', await update({ brandName: 'Audit Brand 2', brandIsActive: 0 }, images.gif));
    expect((await latest('brand.update', id)).changes).toEqual({
      brandName: ['Audit Brand', 'Audit Brand 2'],
      brandImage: [oldImage, expect.stringMatching(/^\/storage\/[0-9a-f]{64}\.gif$/)],
      brandIsActive: [1, 0],
    });
    ok('brands/update-brand', await update({ brandName: 'Audit Brand 2', brandIsActive: 0 }));
    const unchanged = await latest('brand.update', id);
    expect(unchanged).toMatchObject({ entityName: 'Audit Brand 2', changes: {} });
  });

  it('logs series and models, and stock.add as the quantity before and after', async () => {
    ok('brands/add-brand', await addBrand('Audit Maker'));
    const brandId = await idOf('brands', 'name', 'Audit Maker');
    const seriesForm = form({ seriesName: 'Audit Series', seriesBrandId: brandId }, { seriesImage: { bytes: images.jpg, name: 's.jpg' } });
    ok('series/add-series', await call(server, 'series/add-series', seriesForm, admin));
    const seriesId = await idOf('series', 'name', 'Audit Series');
    expect((await latest('series.create', seriesId)).changes).toEqual({
      seriesName: [null, 'Audit Series'],
      seriesImage: [null, expect.stringMatching(IMAGE_PATH)],
      seriesBrandId: [null, brandId],
      seriesIsActive: [null, 1],
    });
    const renamed = form({ id: seriesId, seriesName: 'Audit Series X', seriesBrandId: brandId, seriesIsActive: 1 });
    ok('series/update-series', await call(server, 'series/update-series', renamed, admin));
    expect(await latest('series.update', seriesId)).toMatchObject({
      entityType: 'series',
      entityName: 'Audit Series X',
      changes: { seriesName: ['Audit Series', 'Audit Series X'] },
    });

    const model = { modelName: 'Audit Model', modelCapacityKW: 3.5, modelPriceUsd: 50, modelSeriesId: seriesId };
    ok('models/add-model', await call(server, 'models/add-model', model, admin));
    const modelId = await idOf('models', 'name', 'Audit Model');
    expect((await latest('model.create', modelId)).changes).toEqual({
      modelName: [null, 'Audit Model'],
      modelCapacityKW: [null, 3.5],
      modelPriceUsd: [null, 50],
      modelSeriesId: [null, seriesId],
      modelIsActive: [null, 1],
      modelMinStock: [null, 0],
    });
    const edited = { ...model, id: modelId, modelPriceUsd: 61.25, modelCapacityKW: null, modelIsActive: 0 };
    ok('models/update-model', await call(server, 'models/update-model', edited, admin));
    expect((await latest('model.update', modelId)).changes).toEqual({
      modelCapacityKW: [3.5, null],
      modelPriceUsd: [50, 61.25],
      modelIsActive: [1, 0],
    });
    // A minimum stock sent is a change like any other; one not sent stays out of the entry.
    ok('models/update-model', await call(server, 'models/update-model', { ...edited, modelMinStock: 4 }, admin));
    expect((await latest('model.update', modelId)).changes).toEqual({ modelMinStock: [0, 4] });

    ok('models/add-stock', await call(server, 'models/add-stock', { id: modelId, modelQuantity: 7 }, manager));
    ok('models/add-stock', await call(server, 'models/add-stock', { id: modelId, modelQuantity: 5 }, manager));
    expect(await latest('stock.add', modelId)).toMatchObject({
      userId: managerId,
      userName: 'Audit Manager',
      entityType: 'model',
      entityName: 'Audit Model',
      changes: { modelQuantity: [7, 12] },
      names: {},
    });

    // A stock move's note is in its entry (docs/design.md §8.8); a move without one has none.
    const removal = { id: modelId, modelQuantity: 2, note: 'Order 1187' };
    ok('models/remove-stock', await call(server, 'models/remove-stock', removal, manager));
    expect((await latest('stock.remove', modelId)).changes).toEqual({ modelQuantity: [12, 10], note: [null, 'Order 1187'] });
    ok('models/add-stock', await call(server, 'models/add-stock', { id: modelId, modelQuantity: 1, note: '  ' }, manager));
    expect((await latest('stock.add', modelId)).changes).toEqual({ modelQuantity: [10, 11] });

    // Ids of series and brands come with the records' names as they are now.
    expect((await latest('series.create', seriesId)).names).toEqual({ seriesBrandId: [null, 'Audit Maker'] });
    expect((await latest('model.create', modelId)).names).toEqual({ modelSeriesId: [null, 'Audit Series X'] });
    const otherForm = form({ seriesName: 'Audit Series Y', seriesBrandId: brandId }, { seriesImage: { bytes: images.jpg, name: 's.jpg' } });
    ok('series/add-series', await call(server, 'series/add-series', otherForm, admin));
    const otherId = await idOf('series', 'name', 'Audit Series Y');
    ok('models/update-model', await call(server, 'models/update-model', { ...edited, modelSeriesId: otherId, modelMinStock: 4 }, admin));
    expect(await latest('model.update', modelId)).toMatchObject({
      changes: { modelSeriesId: [seriesId, otherId] },
      names: { modelSeriesId: ['Audit Series X', 'Audit Series Y'] },
    });
  });

  it('logs both variables calls as variables.update, with only the variables that changed', async () => {
    // An admin receives all five (src/domain/variables-seen.ts).
    const variables = ok('variables', await call(server, 'variables', {}, admin)).variables as Variables;
    const values = { tr: variables.tr, exch: '281.15', fare: variables.fare, duties: '0.25', profit: variables.profit };
    ok('variables/update-variables', await call(server, 'variables/update-variables', values, admin));
    expect(await latest('variables.update')).toMatchObject({
      ...byAdmin,
      entityType: 'variables',
      entityId: null,
      entityName: 'Variables',
      changes: { exch: [variables.exch, '281.15'], duties: [variables.duties, '0.25'] },
    });
    ok('variables/update-exch', await call(server, 'variables/update-exch', { exch: '290' }, manager));
    expect(await latest('variables.update')).toMatchObject({ userId: managerId, changes: { exch: ['281.15', '290'] } });
    ok('variables/update-exch', await call(server, 'variables/update-exch', { exch: '290' }, manager));
    expect((await latest('variables.update')).changes).toEqual({});
  });

  it('logs users with the password as ***, never its value or hash', async () => {
    const user = { name: 'Audit Person', username: 'audit.person', password: 'first-secret-1', roleId: 3 };
    ok('users/add-user', await call(server, 'users/add-user', user, admin));
    const id = await idOf('users', 'username', 'audit.person');
    expect((await latest('user.create', id)).changes).toEqual({
      name: [null, 'Audit Person'],
      username: [null, 'audit.person'],
      roleId: [null, 3],
      isActive: [null, 1],
      password: ['***', '***'],
    });
    const update = { id, name: 'Audit Person', username: 'audit.person', roleId: 2, isActive: 1 };
    ok('users/update-user', await call(server, 'users/update-user', { ...update, password: 'second-secret-2' }, admin));
    expect((await latest('user.update', id)).changes).toEqual({ roleId: [3, 2], password: ['***', '***'] });
    ok('users/update-user', await call(server, 'users/update-user', update, admin));
    expect((await latest('user.update', id)).changes).toEqual({});

    const own = await login(server, 'audit.person', 'second-secret-2');
    const change = { currentPassword: 'second-secret-2', password: 'third-secret-3', password_confirmation: 'third-secret-3' };
    ok('auth/change-password', await call(server, 'auth/change-password', change, own));
    expect(await latest('user.password', id)).toMatchObject({
      userId: id,
      entityType: 'user',
      entityId: id,
      changes: { password: ['***', '***'] },
    });

    const stored = JSON.stringify(await server.db.selectFrom('audit_log').selectAll().execute());
    const hash = (await server.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
    for (const secret of ['first-secret-1', 'second-secret-2', 'third-secret-3', PASSWORD, hash]) expect(stored).not.toContain(secret);
  });

  it('leaves no entry for a refused write: 422, 403, a stale version, a taken name', async () => {
    ok('brands/add-brand', await addBrand('Audit Taken'));
    const id = await idOf('brands', 'name', 'Audit Taken');
    const before = await count();
    expect((await addBrand('AUDIT TAKEN')).status).toBe(422);
    expect((await addBrand('')).status).toBe(422);
    const stale = form({ id, brandName: 'Audit Stale', brandIsActive: 1, version: 99 });
    expect((await call(server, 'brands/update-brand', stale, admin)).body).toEqual(
      invalid({ version: ['This record has been changed by someone else. Reload to see it.'] }),
    );
    const renameToTaken = form({ id: await idOf('brands', 'name', 'Audit Maker'), brandName: 'audit taken', brandIsActive: 1 });
    expect((await call(server, 'brands/update-brand', renameToTaken, admin)).status).toBe(422);
    expect((await call(server, 'brands/add-brand', form({ brandName: 'Nope' }), manager)).status).toBe(403);
    expect((await call(server, 'models/add-stock', { id: 999_999, modelQuantity: 1 }, manager)).status).toBe(422);
    expect((await call(server, 'variables/update-exch', { exch: '-1' }, manager)).status).toBe(422);
    expect(await count()).toBe(before);
  });

  describe('in the same transaction as the write', () => {
    // A fault in the audit insert alone: the trigger refuses brand.update entries only.
    const armFault = async () => {
      if (kind === 'sqlite') {
        await sql`create trigger audit_fault before insert on audit_log when new.action = 'brand.update' begin select raise(abort, 'audit fault'); end`.execute(
          server.db,
        );
      } else {
        await sql`create function audit_fault() returns trigger language plpgsql as $$ begin raise exception 'audit fault'; end $$`.execute(
          server.db,
        );
        await sql`create trigger audit_fault before insert on audit_log for each row when (new.action = 'brand.update') execute function audit_fault()`.execute(
          server.db,
        );
      }
    };
    const disarmFault = async () => {
      if (kind === 'sqlite') await sql`drop trigger audit_fault`.execute(server.db);
      else {
        await sql`drop trigger audit_fault on audit_log`.execute(server.db);
        await sql`drop function audit_fault()`.execute(server.db);
      }
    };

    it('rolls the write back when its entry cannot be written', async () => {
      ok('brands/add-brand', await addBrand('Audit Fault'));
      const id = await idOf('brands', 'name', 'Audit Fault');
      const row = await server.db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const before = await count();
      await armFault();
      try {
        const answer = await call(server, 'brands/update-brand', form({ id, brandName: 'Audit Fault 2', brandIsActive: 0 }), admin);
        expect(answer.status).toBe(500);
      } finally {
        await disarmFault();
      }
      expect(await server.db.selectFrom('brands').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(row);
      expect(await count()).toBe(before);
    });
  });

  describe('the audit call', () => {
    // Entries written directly, so their times and ties are known; entity 990001 is theirs alone.
    const at = ['2026-01-01T00:00:00.000Z', '2026-01-01T23:59:59.999Z', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z'];
    const own = { entityType: 'model', entityId: 990_001 };
    let ids: number[] = [];
    beforeAll(async () => {
      ids = [];
      for (const createdAt of at) {
        const row = await server.db
          .insertInto('audit_log')
          .values({
            user_id: adminId,
            user_name: 'Audit Admin',
            action: 'model.import',
            entity_type: 'model',
            entity_id: 990_001,
            entity_name: 'Imported',
            changes: '{}',
            created_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
      }
    });

    it('lists newest first in the order the writes took effect (by id), in pages', async () => {
      const all = await audit(own);
      expect(all.data.map((entry) => entry.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
      const second = await audit(own, 2, 3);
      expect(second).toMatchObject({ total: 4, per_page: 3, current_page: 2, from: 4, to: 4, last_page: 2 });
      expect(second.data.map((entry) => entry.id)).toEqual([ids[0]]);
      const everything = (await audit()).data;
      const sorted = [...everything].sort((a, b) => b.id - a.id);
      expect(everything).toEqual(sorted);
    });

    it('filters by day (UTC, both ends inclusive), action, entity and user', async () => {
      const dayOne = await audit({ ...own, from: '2026-01-01', to: '2026-01-01' });
      expect(dayOne.data.map((entry) => entry.id)).toEqual([ids[1], ids[0]]);
      expect((await audit({ ...own, from: '2026-01-02' })).total).toBe(2);
      expect((await audit({ ...own, to: '2025-12-31' })).total).toBe(0);
      expect((await audit({ action: 'model.import' })).total).toBe(4);
      const managers = (await audit({ userId: managerId })).data;
      expect(managers.length).toBeGreaterThan(0);
      expect(managers.every((entry) => entry.userId === managerId)).toBe(true);
      const users = (await audit({ entityType: 'user' })).data;
      expect(users.every((entry) => entry.entityType === 'user')).toBe(true);
      expect((await audit({ entityType: 'model', entityId: 990_001, userId: managerId })).total).toBe(0);
    });

    it('names the series and brands of entries written before names were shown; an id no record has stays unnamed', async () => {
      const seriesRow = await server.db.selectFrom('series').select(['id', 'name', 'brand_id']).executeTakeFirstOrThrow();
      const brandRow = await server.db.selectFrom('brands').select('name').where('id', '=', seriesRow.brand_id).executeTakeFirstOrThrow();
      const changes = { modelSeriesId: [seriesRow.id, 990_009], seriesBrandId: [null, seriesRow.brand_id], modelPriceUsd: [612.5, 640] };
      await server.db
        .insertInto('audit_log')
        .values({
          user_id: adminId,
          user_name: 'Audit Admin',
          action: 'model.update',
          entity_type: 'model',
          entity_id: 990_002,
          entity_name: 'Old Entry',
          changes: JSON.stringify(changes),
          created_at: '2025-06-01T00:00:00.000Z',
        })
        .execute();
      const [entry] = (await audit({ entityType: 'model', entityId: 990_002 })).data;
      expect(entry).toMatchObject({
        changes,
        names: { modelSeriesId: [String(seriesRow.name), null], seriesBrandId: [null, String(brandRow.name)] },
      });
    });

    it('refuses bad filters with 422 under filters.<name>', async () => {
      const refused = async (filters: Record<string, unknown>, errors: Record<string, string[]>) => {
        const answer = await call(server, 'audit', { filters, page: 1, per_page: 30 }, admin);
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual(invalid(errors));
      };
      await refused({ entityType: 'stock' }, { 'filters.entityType': ['The selected entity type is invalid.'] });
      await refused({ action: 'brand.delete' }, { 'filters.action': ['The selected action is invalid.'] });
      await refused({ entityId: 'x' }, { 'filters.entityId': ['The selected value is invalid.'] });
      await refused({ userId: 0 }, { 'filters.userId': ['The selected value is invalid.'] });
      await refused({ from: '2026-02-30' }, { 'filters.from': ['The date must be a date in the form YYYY-MM-DD.'] });
      await refused({ to: '2026-1-2' }, { 'filters.to': ['The date must be a date in the form YYYY-MM-DD.'] });
      await refused({ from: 20260101 }, { 'filters.from': ['The date must be a date in the form YYYY-MM-DD.'] });
    });

    it('answers 403 below admin', async () => {
      const answer = await call(server, 'audit', {}, manager);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(forbidden);
    });
  });
});
