import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { modelTotals } from '#src/domain/model-figures.ts';
import { call, describeEachDatabase, login, seedCatalogue, type Role } from './harness.ts';
import { quotesWorld, UNIT_TOTAL, VARIABLES, type QuotesWorld } from './quotes-fixture.ts';
import { editModel, setVariables } from './stamps-fixture.ts';

// docs/design.md §8.2: changes/since and changes/seen: the mark kept per user and screen on the
// server, the variable changes the role sees, and the models of the user's list whose Total moved.

describeEachDatabase('changes since the last visit', (kind) => {
  let world: QuotesWorld;
  beforeAll(async () => {
    world = await quotesWorld(kind);
  });
  afterAll(() => world.server.close());
  // Every test starts from the quotes' world, and with no user's mark.
  beforeEach(async () => {
    await setVariables(world, VARIABLES);
    await world.server.db.updateTable('models').set({ price_cents: 5000 }).execute();
    await world.server.db.deleteFrom('seen_marks').execute();
  });

  const since = (token: string, screen: unknown = 'models') => call(world.server, 'changes/since', { screen }, token);
  async function changes(token: string) {
    const answer = await since(token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.changes as {
      since: string;
      variables: { variable: string; oldValue: string; newValue: string; createdAt: string }[];
      models: { id: number; previousTotal: number; total: number }[];
    };
  }
  const markSeen = (token: string) => call(world.server, 'changes/seen', { screen: 'models' }, token);
  const markOf = async (userId: number) =>
    (await world.server.db.selectFrom('seen_marks').select('seen_at').where('user_id', '=', userId).executeTakeFirst())?.seen_at;
  const totalAt = (exch: string, usd: number) => modelTotals({ ...VARIABLES, exch })(usd)!;

  it('on a first visit answers nothing and starts the clock on the server', async () => {
    const before = new Date().toISOString();
    const first = await changes(world.tokens.sales);
    expect(first).toEqual({ since: first.since, variables: [], models: [] });
    expect(first.since >= before && first.since <= new Date().toISOString()).toBe(true);
    expect(await markOf(world.ids.sales)).toBe(first.since);
    expect((await changes(world.tokens.sales)).since).toBe(first.since);
  });

  it('answers a rate change and a price change: every model of the list whose Total moved, largest change first', async () => {
    for (const role of ['admin', 'sales'] as const) await changes(world.tokens[role]);
    await setVariables(world, { exch: '281.15' });
    await editModel(world, world.models.a, { priceUsd: 60 });

    const admin = await changes(world.tokens.admin);
    expect(admin.variables).toEqual([{ variable: 'exch', oldValue: '280', newValue: '281.15', createdAt: expect.any(String) }]);
    const a = { id: world.models.a, previousTotal: UNIT_TOTAL, total: totalAt('281.15', 60) };
    const rateOnly = (id: number) => ({ id, previousTotal: UNIT_TOTAL, total: totalAt('281.15', 50) });
    expect(admin.models).toEqual([a, rateOnly(world.models.b), rateOnly(world.models.inactive)]);
    // Sales' list shows only what can be sold.
    expect((await changes(world.tokens.sales)).models).toEqual([a, rateOnly(world.models.b)]);
  });

  it('leaves out a price changed and changed back, and a model made after the mark', async () => {
    await changes(world.tokens.admin);
    await editModel(world, world.models.a, { priceUsd: 55 });
    await editModel(world, world.models.a, { priceUsd: 50 });
    await editModel(world, world.models.b, { priceUsd: 45 });
    const made = await seedCatalogue(world.server, world.tokens.admin, `Late${kind}`);
    await editModel(world, made.modelId, { priceUsd: 70 });
    const { models } = await changes(world.tokens.admin);
    expect(models).toEqual([{ id: world.models.b, previousTotal: UNIT_TOTAL, total: totalAt('280', 45) }]);
    await world.server.db.updateTable('models').set({ is_active: 0 }).where('id', '=', made.modelId).execute();
  });

  it('with no variable moved, answers the models whose price moved, to Sales only those they can sell', async () => {
    for (const role of ['admin', 'sales'] as const) await changes(world.tokens[role]);
    await editModel(world, world.models.inactive, { priceUsd: 65 });
    await editModel(world, world.models.b, { priceUsd: 40 });
    const inactive = { id: world.models.inactive, previousTotal: UNIT_TOTAL, total: totalAt('280', 65) };
    const b = { id: world.models.b, previousTotal: UNIT_TOTAL, total: totalAt('280', 40) };
    expect((await changes(world.tokens.admin)).models).toEqual([inactive, b]);
    expect((await changes(world.tokens.sales)).models).toEqual([b]);
  });

  it('tells Sales only the changes of TR and the rate, the others every variable', async () => {
    for (const role of ['admin', 'manager', 'sales'] as const) await changes(world.tokens[role]);
    await setVariables(world, { tr: '3.6', exch: '282', fare: '0.11', duties: '0.21', profit: '0.12' });
    const seen = async (role: Role) => (await changes(world.tokens[role])).variables.map((change) => change.variable).sort();
    expect(await seen('sales')).toEqual(['exch', 'tr']);
    expect(await seen('admin')).toEqual(['duties', 'exch', 'fare', 'profit', 'tr']);
  });

  it('reads a mark put in the past: every change since, oldest first', async () => {
    await changes(world.tokens.admin);
    await world.server.db
      .updateTable('seen_marks')
      .set({ seen_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', world.ids.admin)
      .execute();
    await setVariables(world, { exch: '290' });
    await setVariables(world, { exch: '291' });
    const { since: from, variables } = await changes(world.tokens.admin);
    expect(from).toBe('2000-01-01T00:00:00.000Z');
    const rates = variables.filter((change) => change.variable === 'exch').map((change) => change.newValue);
    expect(rates.slice(-3)).toEqual(['280', '290', '291']);
    const times = variables.map((change) => change.createdAt);
    expect(times).toEqual([...times].sort());
  });

  it('is cleared by changes/seen, which is not audited', async () => {
    const first = await changes(world.tokens.sales);
    await setVariables(world, { exch: '285' });
    expect((await changes(world.tokens.sales)).models).toHaveLength(2);
    const entries = async () =>
      Number(
        (
          await world.server.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const logged = await entries();
    const seen = await markSeen(world.tokens.sales);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ responseMessage: 'Marked as seen.', responseFlag: 'success' });
    expect(await entries()).toBe(logged);
    const after = await changes(world.tokens.sales);
    expect(after).toEqual({ since: after.since, variables: [], models: [] });
    expect(after.since > first.since).toBe(true);
  });

  it("keeps each user's mark apart, and one user's sessions share theirs", async () => {
    await changes(world.tokens.sales);
    await setVariables(world, { exch: '286' });
    const { username } = await world.server.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', world.ids.sales)
      .executeTakeFirstOrThrow();
    const secondSession = await login(world.server, username);
    expect((await changes(secondSession)).models).toHaveLength(2);
    // Another salesperson's first visit is theirs alone: it starts their clock now.
    expect((await changes(world.tokens.otherSales)).models).toEqual([]);
    expect((await markSeen(secondSession)).status).toBe(200);
    expect((await changes(world.tokens.sales)).models).toEqual([]);
    expect(await markOf(world.ids.otherSales)).toBeDefined();
  });

  it('answers 422 under screen for a missing, unknown or control-character screen, to every role, and 203 signed out', async () => {
    for (const name of ['changes/since', 'changes/seen']) {
      for (const body of [
        {},
        { screen: '' },
        { screen: 'quotes' },
        { screen: 'models\u0000' },
        { screen: 'models\u202e' },
        { screen: 7 },
      ]) {
        const answer = await call(world.server, name, body, world.tokens.sales);
        expect(answer.status, `${name} ${JSON.stringify(body)}`).toBe(422);
        expect(Object.keys(answer.body.errors), name).toEqual(['screen']);
      }
      for (const role of ['admin', 'manager', 'sales'] as const) {
        expect((await call(world.server, name, { screen: 'models' }, world.tokens[role])).status, `${name} ${role}`).toBe(200);
      }
      expect((await call(world.server, name, { screen: 'models' })).status, name).toBe(203);
    }
  });
});
