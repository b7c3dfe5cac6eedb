import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { modelColumnsSeen } from '#src/domain/model-columns.ts';
import { call, describeEachDatabase, roleUsers, signInEachRole, startServer, type TestServer } from './harness.ts';

// docs/design.md §8.4: views, views/save and views/delete on both databases.

describeEachDatabase('saved views', (kind) => {
  let server: TestServer;
  let tokens: Awaited<ReturnType<typeof signInEachRole>>;
  beforeAll(async () => {
    server = await startServer(kind);
    tokens = await signInEachRole(server);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    await server.db.deleteFrom('saved_views').execute();
  });

  const save = (token: string, body: Record<string, unknown>) =>
    call(server, 'views/save', { screen: 'models', name: 'Gree 1.5 ton', search: 'brandId=2&size=1.50', ...body }, token);
  const list = async (token: string, screen = 'models') => {
    const answer = await call(server, 'views', { screen }, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.views as {
      id: number;
      name: string;
      search: string;
      columns: string[] | null;
      shared: number;
      isDefault: number;
      mine: number;
      ownerName: string;
    }[];
  };
  const expect422 = async (answer: Promise<{ status: number; body: any }>, field: string, message: string) => {
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(422);
    expect(body.errors[field]).toEqual([message]);
  };
  const auditOf = (action: string) =>
    server.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();

  it('keeps a view on the server: saved once, found by the same user from any session, with an audit entry', async () => {
    const saved = await save(tokens.sales, {});
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ responseMessage: 'View saved successfully.', responseFlag: 'success' });
    const [view] = await list(tokens.sales);
    expect(view).toEqual({
      id: expect.any(Number),
      name: 'Gree 1.5 ton',
      search: 'brandId=2&size=1.50',
      columns: null,
      shared: 0,
      isDefault: 0,
      ownerName: expect.any(String),
      mine: 1,
    });
    // A personal view is nobody else's.
    expect(await list(tokens.manager)).toEqual([]);
    const entry = await auditOf('view.create');
    expect(entry).toMatchObject({ entity_type: 'view', entity_id: view!.id, entity_name: 'Gree 1.5 ton', user_id: tokens.ids.sales });
    expect(JSON.parse(entry!.changes)).toMatchObject({ viewName: [null, 'Gree 1.5 ton'], viewSearch: [null, 'brandId=2&size=1.50'] });
  });

  it("updates the owner's view by id, with an update entry; another user's id is unknown (422 under id)", async () => {
    await save(tokens.manager, {});
    const [view] = await list(tokens.manager);
    expect((await save(tokens.manager, { id: view!.id, name: 'Gree', search: '' })).status).toBe(200);
    expect((await list(tokens.manager)).map((v) => [v.name, v.search])).toEqual([['Gree', '']]);
    expect(JSON.parse((await auditOf('view.update'))!.changes)).toMatchObject({ viewName: ['Gree 1.5 ton', 'Gree'] });
    await expect422(save(tokens.sales, { id: view!.id }), 'id', 'The selected view is invalid.');
    await expect422(save(tokens.manager, { id: view!.id, screen: 'quotes', search: '' }), 'id', 'The selected view is invalid.');
  });

  it("checks the search with the screen's own search schema", async () => {
    for (const search of ['brandId=abc', 'sort=bogus.asc', 'size=1.3', 'colour=red', 'brandId=1&brandId=2', 'status=won']) {
      await expect422(save(tokens.admin, { search }), 'search', 'The selected search is invalid.');
    }
    await expect422(save(tokens.admin, { screen: 'quotes', search: 'status=maybe' }), 'search', 'The selected search is invalid.');
    await expect422(save(tokens.admin, { screen: 'audit', search: 'from=2026-02-30' }), 'search', 'The selected search is invalid.');
    await expect422(save(tokens.admin, { screen: 'audit', search: 'search=gree' }), 'search', 'The selected search is invalid.');
    await expect422(save(tokens.admin, { search: 'search=a\u0001b' }), 'search', 'This field may not contain control characters.');
    for (const [screen, search] of [
      ['models', '?page=2&per_page=%22all%22&search=gree&brandId=2&seriesId=3&lowStock=1&size=1.50&sort=price.desc'],
      ['quotes', 'search=%22123%22&status=sent'],
      ['audit', 'entityType=model&entityId=4&userId=1&action=model.update&from=2026-01-31&to=2026-02-28'],
    ] as const) {
      const answer = await save(tokens.admin, { screen, name: screen, search });
      expect(answer.status, `${screen} ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it("checks the columns against the titles the role sees, and keeps them in the screen's order", async () => {
    await expect422(save(tokens.sales, { columns: ['Model', 'Price USD'] }), 'columns', 'The selected columns are invalid.');
    await expect422(save(tokens.sales, { columns: ['Model', 'Model'] }), 'columns', 'The selected columns are invalid.');
    await expect422(save(tokens.sales, { columns: [] }), 'columns', 'The selected columns are invalid.');
    await expect422(save(tokens.sales, { columns: 'Model' }), 'columns', 'The selected columns are invalid.');
    await expect422(
      save(tokens.manager, { screen: 'quotes', search: '', columns: ['Label', 'Date'] }),
      'columns',
      'The selected columns are invalid.',
    );
    expect((await save(tokens.sales, { columns: ['Total', 'Model'] })).status).toBe(200);
    expect((await list(tokens.sales))[0]!.columns).toEqual(['Model', 'Total']);
  });

  it('keeps names unique per user and screen, case-insensitively', async () => {
    expect((await save(tokens.sales, {})).status).toBe(200);
    await expect422(save(tokens.sales, { name: ' gree 1.5 TON ' }), 'name', 'The name has already been taken.');
    expect((await save(tokens.manager, {})).status).toBe(200);
    expect((await save(tokens.sales, { screen: 'quotes', search: '' })).status).toBe(200);
    await expect422(save(tokens.sales, { name: '' }), 'name', 'Please enter name.');
  });

  it("lets level 2 share (Sales: 403); a shared view seen by Sales carries only Sales' columns", async () => {
    const refused = await save(tokens.sales, { shared: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ responseMessage: "You didn't have permission to perform this action.", responseFlag: 'danger' });
    expect(await list(tokens.sales)).toEqual([]);

    expect((await save(tokens.manager, { shared: 1, columns: ['Model', 'Quantity', 'Total'] })).status).toBe(200);
    expect((await save(tokens.manager, { name: 'Stock only', shared: 1, columns: ['Quantity'] })).status).toBe(200);
    const seen = await list(tokens.sales);
    expect(seen.map((v) => [v.name, v.columns, v.mine, v.shared])).toEqual([
      ['Gree 1.5 ton', ['Model', 'Total'], 0, 1],
      // Nothing Sales may see is left: the screen's own columns.
      ['Stock only', null, 0, 1],
    ]);
    const salesTitles = modelColumnsSeen(roleUsers.sales).map((c) => c.title);
    for (const view of seen) for (const title of view.columns ?? []) expect(salesTitles).toContain(title);
  });

  it('keeps one default per user and screen: a new default clears the old', async () => {
    await save(tokens.admin, { name: 'A', isDefault: 1 });
    await save(tokens.admin, { name: 'B', isDefault: 1 });
    await save(tokens.admin, { name: 'C', screen: 'quotes', search: '', isDefault: 1 });
    expect((await list(tokens.admin)).map((v) => [v.name, v.isDefault])).toEqual([
      ['A', 0],
      ['B', 1],
    ]);
    expect((await list(tokens.admin, 'quotes')).map((v) => [v.name, v.isDefault])).toEqual([['C', 1]]);
  });

  it('keeps one default when saves making a default cross: each is saved, one stays the default', async () => {
    await save(tokens.admin, { name: 'Old', isDefault: 1 });
    const [old] = await list(tokens.admin);
    const names = ['One', 'Two', 'Three', 'Four'];
    const answers = await Promise.all([
      ...names.map((name) => save(tokens.admin, { name, isDefault: 1 })),
      save(tokens.admin, { id: old!.id, name: 'Old', isDefault: 1 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const views = await list(tokens.admin);
    expect(views).toHaveLength(5);
    expect(views.filter((view) => view.isDefault === 1)).toHaveLength(1);
    // The database refuses a second default of its own (saved_views_one_default).
    const second = server.db
      .updateTable('saved_views')
      .set({ is_default: 1 })
      .where('user_id', '=', tokens.ids.admin)
      .where('is_default', '=', 0)
      .execute();
    await expect(second).rejects.toThrow();
  });

  it("deletes the owner's view, or a shared one by an admin; anyone else's is an unknown id", async () => {
    await save(tokens.manager, { name: 'Mine' });
    await save(tokens.manager, { name: 'Ours', shared: 1 });
    const [mine, ours] = await list(tokens.manager);
    const remove = (token: string, id: number) => call(server, 'views/delete', { id }, token);
    await expect422(remove(tokens.sales, ours!.id), 'id', 'The selected view is invalid.');
    await expect422(remove(tokens.admin, mine!.id), 'id', 'The selected view is invalid.');
    await expect422(remove(tokens.admin, 999_999), 'id', 'The selected view is invalid.');
    expect((await remove(tokens.admin, ours!.id)).body).toEqual({ responseMessage: 'View deleted successfully.', responseFlag: 'success' });
    expect((await remove(tokens.manager, mine!.id)).status).toBe(200);
    expect(await list(tokens.manager)).toEqual([]);
    const entry = await auditOf('view.delete');
    expect(entry).toMatchObject({ entity_id: mine!.id, entity_name: 'Mine', user_id: tokens.ids.manager });
    expect(JSON.parse(entry!.changes)).toMatchObject({ viewName: ['Mine', null] });
  });

  it('answers a stored search that no longer reads whole as stored: the list drops what it cannot read', async () => {
    const saved = await save(tokens.admin, { search: 'brandId=2' });
    expect(saved.status).toBe(200);
    await server.db.updateTable('saved_views').set({ search: 'brandId=999999&sort=retired.asc' }).execute();
    expect((await list(tokens.admin))[0]!.search).toBe('brandId=999999&sort=retired.asc');
  });

  it('refuses the views of a screen the role may not open (audit: admin) and an unknown screen', async () => {
    expect((await call(server, 'views', { screen: 'audit' }, tokens.manager)).status).toBe(403);
    expect((await save(tokens.manager, { screen: 'audit', search: '' })).status).toBe(403);
    await expect422(call(server, 'views', { screen: 'brands' }, tokens.admin), 'screen', 'The selected screen is invalid.');
    await expect422(call(server, 'views', {}, tokens.admin), 'screen', 'The screen field is required.');
  });
});
