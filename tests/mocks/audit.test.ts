import { describe, expect, it } from 'vitest';
import { SEED_PASSWORD } from '#mocks/seed.ts';
import { file, form, images, ok, postToMocks, signIn, signInEachRole, startMockApi } from './harness.ts';

// The mocks keep the server's audit log (docs/design.md §7.2); parity.test.ts compares the two
// answer for answer. Here: the entries the demo's own writes leave, and the audit call's rules.

startMockApi();

const audit = async (token: string, filters: Record<string, unknown> = {}) =>
  ok('audit', await postToMocks('audit', { filters, per_page: 500 }, token)).tableData.data;

describe('the mock audit log', () => {
  it('records sign-ins and each write with its changes, newest first, and nothing for a refused write', async () => {
    const { admin, manager } = await signInEachRole();
    expect((await audit(admin, { action: 'auth.login' })).map((entry) => entry.userName)).toEqual([
      'Sales User',
      'Manager User',
      'Admin User',
    ]);

    const brand = form({ brandName: 'Audit Brand' }, { brandImage: file(images.png, 'a.png') });
    ok('brands/add-brand', await postToMocks('brands/add-brand', brand, admin));
    expect(
      (await postToMocks('brands/add-brand', form({ brandName: 'audit brand' }, { brandImage: file(images.png, 'a.png') }), admin)).status,
    ).toBe(422);
    const [created] = await audit(admin, { entityType: 'brand' });
    expect(created).toMatchObject({ action: 'brand.create', userId: 1, userName: 'Admin User', entityName: 'Audit Brand' });
    expect(created!.changes).toMatchObject({ brandName: [null, 'Audit Brand'], brandIsActive: [null, 1] });

    const update = form({ id: created!.entityId!, brandName: 'Audit Brand', brandIsActive: 1 });
    ok('brands/update-brand', await postToMocks('brands/update-brand', update, admin));
    expect((await audit(admin, { action: 'brand.update' }))[0]).toMatchObject({ entityId: created!.entityId, changes: {} });

    ok('models/add-stock', await postToMocks('models/add-stock', { id: 1, modelQuantity: 4, note: 'Order 1187' }, manager));
    expect((await audit(admin, { action: 'stock.add' }))[0]).toMatchObject({
      entityType: 'model',
      entityId: 1,
      changes: { modelQuantity: [26, 30], note: [null, 'Order 1187'] },
    });

    ok('variables/update-exch', await postToMocks('variables/update-exch', { exch: '300' }, manager));
    expect((await audit(admin, { entityType: 'variables' }))[0]).toMatchObject({
      userName: 'Manager User',
      entityId: null,
      entityName: 'Variables',
      changes: { exch: ['281.15', '300'] },
    });

    const change = { currentPassword: SEED_PASSWORD, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' };
    ok('auth/change-password', await postToMocks('auth/change-password', change, manager));
    expect((await audit(admin, { action: 'user.password' }))[0]).toMatchObject({
      userId: 2,
      entityId: 2,
      changes: { password: ['***', '***'] },
    });
    expect(JSON.stringify(await audit(admin))).not.toContain('brand-new-pass');

    const all = await audit(admin);
    expect(all.map((entry) => entry.id)).toEqual([...all.map((entry) => entry.id)].sort((a, b) => b - a));
  });

  it('leaves sign-ins and sign-outs out unless the action filter names them, as the server (docs/design.md §8.8)', async () => {
    const { admin, manager } = await signInEachRole();
    ok('auth/logout', await postToMocks('auth/logout', undefined, manager));
    expect((await audit(admin)).filter((entry) => entry.action.startsWith('auth.'))).toEqual([]);
    expect(await audit(admin, { action: 'auth.login' })).toHaveLength(3);
    expect(await audit(admin, { action: 'auth.logout' })).toHaveLength(1);
  });

  it('names the series and brands whose ids an entry holds, as they are now', async () => {
    const admin = await signIn('admin');
    ok(
      'models/update-model',
      await postToMocks(
        'models/update-model',
        { id: 1, modelName: 'Audit M', modelCapacityKW: 2, modelPriceUsd: 3, modelSeriesId: 2, modelIsActive: 1 },
        admin,
      ),
    );
    expect((await audit(admin, { action: 'model.update' }))[0]).toMatchObject({
      changes: { modelSeriesId: [1, 2] },
      names: { modelSeriesId: ['Fairy', 'Pular'] },
    });
  });

  it('filters by day and refuses bad filters under filters.<name>; admins only', async () => {
    const admin = await signIn('admin');
    const today = new Date().toISOString().slice(0, 10);
    expect(await audit(admin, { from: today, to: today, action: 'auth.login' })).toHaveLength(1);
    expect(await audit(admin, { to: '2000-01-01' })).toHaveLength(0);
    const refused = await postToMocks('audit', { filters: { from: '2026-13-01', action: 'brand.delete' } }, admin);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'filters.action': ['The selected action is invalid.'],
      'filters.from': ['The date must be a date in the form YYYY-MM-DD.'],
    });
    expect((await postToMocks('audit', {}, await signIn('manager'))).status).toBe(403);
  });
});
