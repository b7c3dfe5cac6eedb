import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { postToMocks, signInEachRole, startMockApi } from './harness.ts';

// docs/design.md §8.4 on the mocks: the same rules as the server (tests/api/views.test.ts), from src/domain/views.ts.
startMockApi();

const save = (token: string, body: Record<string, unknown> = {}) =>
  postToMocks('views/save', { screen: 'models', name: 'Gree 1.5 ton', search: 'brandId=2&size=1.50', ...body }, token);
const list = async (token: string, screen = 'models') => (await postToMocks('views', { screen }, token)).body.views;

describe('saved views on the mocks', () => {
  it('saves a personal view with its audit entry, and refuses a bad search, columns and a taken name', async () => {
    const { sales } = await signInEachRole();
    expect((await save(sales)).body).toEqual({ responseMessage: 'View saved successfully.', responseFlag: 'success' });
    expect(await list(sales)).toEqual([
      {
        id: 1,
        name: 'Gree 1.5 ton',
        search: 'brandId=2&size=1.50',
        columns: null,
        shared: 0,
        isDefault: 0,
        ownerName: expect.any(String),
        mine: 1,
      },
    ]);
    expect(getStore().auditLog.at(-1)).toMatchObject({
      action: 'view.create',
      entityType: 'view',
      entityId: 1,
      entityName: 'Gree 1.5 ton',
    });
    const refused = async (body: Record<string, unknown>, field: string, message: string) => {
      const answer = await save(sales, body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors[field]).toEqual([message]);
    };
    await refused({ name: 'x', search: 'brandId=abc' }, 'search', 'The selected search is invalid.');
    await refused({ name: 'x', columns: ['Price USD'] }, 'columns', 'The selected columns are invalid.');
    await refused({ name: 'GREE 1.5 TON' }, 'name', 'The name has already been taken.');
    await refused({ id: 99, name: 'x' }, 'id', 'The selected view is invalid.');
  });

  it('lets level 2 share, shows Sales their own columns only, keeps one default, and deletes as the server does', async () => {
    const { sales, manager, admin } = await signInEachRole();
    expect((await save(sales, { shared: 1 })).status).toBe(403);
    await save(manager, { shared: 1, columns: ['Model', 'Quantity', 'Total'], isDefault: 1 });
    await save(manager, { name: 'B', isDefault: 1 });
    expect((await list(manager)).map((view: { name: string; isDefault: number }) => [view.name, view.isDefault])).toEqual([
      ['B', 1],
      ['Gree 1.5 ton', 0],
    ]);
    const [shared] = await list(sales);
    expect(shared).toMatchObject({ name: 'Gree 1.5 ton', columns: ['Model', 'Total'], mine: 0, shared: 1 });
    expect((await postToMocks('views/delete', { id: shared.id }, sales)).status).toBe(422);
    expect((await postToMocks('views/delete', { id: shared.id }, admin)).body.responseMessage).toBe('View deleted successfully.');
    expect(getStore().auditLog.at(-1)).toMatchObject({ action: 'view.delete', entityId: shared.id });
    expect((await postToMocks('views', { screen: 'audit' }, manager)).status).toBe(403);
  });
});
