import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { ok, postToMocks, signInEachRole, startMockApi } from './harness.ts';

// docs/design.md §8.2: what changed since a user last marked the models list seen. mocks/seed.ts:
// the rate went 282.05 → 281.15 on 19 Jan 2026; GS-12FITH1W (USD 50) is Rs 20,273 at 282.05 and
// Rs 20,209 at 281.15.
startMockApi();

const BEFORE_LAST_RATE = '2026-01-15T00:00:00.000Z';
const since = async (token: string) => ok('changes/since', await postToMocks('changes/since', { screen: 'models' }, token)).changes;

/** The user (seed ids: admin 1, manager 2, sales 3) last marked the list seen at `at`. */
const seenAt = (userId: number, at = BEFORE_LAST_RATE) => getStore().seenMarks.push({ userId, screen: 'models', seenAt: at });

describe('changes/since on the mocks', () => {
  it('starts the clock on a first visit and answers nothing, then answers from that mark', async () => {
    const { sales } = await signInEachRole();
    const before = new Date().toISOString();
    const first = await since(sales);
    expect(first).toEqual({ since: expect.any(String), variables: [], models: [] });
    expect(first.since >= before).toBe(true);
    expect(getStore().seenMarks).toEqual([{ userId: 3, screen: 'models', seenAt: first.since }]);
    expect((await since(sales)).since).toBe(first.since);
  });

  it("answers the rate's change and every model of the user's list whose Total moved, largest first", async () => {
    const { sales, admin } = await signInEachRole();
    seenAt(3);
    seenAt(1);
    const changes = await since(sales);
    expect(changes.since).toBe(BEFORE_LAST_RATE);
    expect(changes.variables).toEqual([
      { variable: 'exch', oldValue: '282.05', newValue: '281.15', createdAt: '2026-01-19T08:45:00.000Z' },
    ]);
    // Sales: the seven sellable models only.
    expect(changes.models.map((model) => model.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 7, 8]);
    expect(changes.models.find((model) => model.id === 1)).toEqual({ id: 1, previousTotal: 20273, total: 20209 });
    const moves = changes.models.map((model) => Math.abs(model.total - model.previousTotal));
    expect(moves).toEqual([...moves].sort((a, b) => b - a));
    expect((await since(admin)).models).toHaveLength(12);
  });

  it('shows Sales only the changes of TR and EXCH, and every role the Totals those changes move', async () => {
    const { sales, admin } = await signInEachRole();
    seenAt(3, new Date().toISOString());
    seenAt(1, new Date().toISOString());
    const variables = { tr: '3.517', exch: '281.15', fare: '0.06', duties: '0.20', profit: '0.15' };
    expect((await postToMocks('variables/update-variables', variables, admin)).status).toBe(200);
    const seenBySales = await since(sales);
    expect(seenBySales.variables).toEqual([]);
    expect(seenBySales.models).toHaveLength(7);
    expect(seenBySales.models.every((model) => model.total > model.previousTotal)).toBe(true);
    expect((await since(admin)).variables).toEqual([expect.objectContaining({ variable: 'fare', oldValue: '0.05', newValue: '0.06' })]);
  });

  it("answers a model's new Price USD from its audit entry, and no model made since", async () => {
    const { manager, admin } = await signInEachRole();
    seenAt(2, new Date().toISOString());
    const edit = { id: 1, modelName: 'GS-12FITH1W', modelCapacityKW: 3.517, modelSeriesId: 1, modelIsActive: 1 };
    expect((await postToMocks('models/update-model', { ...edit, modelPriceUsd: 60 }, admin)).status).toBe(200);
    expect((await postToMocks('models/update-model', { ...edit, modelPriceUsd: 55, version: 2 }, admin)).status).toBe(200);
    const added = { modelName: 'NEW-1', modelCapacityKW: 3.5, modelPriceUsd: 70, modelSeriesId: 1 };
    expect((await postToMocks('models/add-model', added, admin)).status).toBe(200);
    // A name-only edit leaves the price, and so the Total, as it was.
    expect((await postToMocks('models/update-model', { ...edit, id: 2, modelName: 'GS-18', modelPriceUsd: 725.5 }, admin)).status).toBe(
      200,
    );
    const { models } = await since(manager);
    expect(models).toEqual([{ id: 1, previousTotal: 20209, total: expect.any(Number) }]);
    expect(models[0]!.total).toBeGreaterThan(20209);
  });

  it('takes only the models list as a screen', async () => {
    const { sales } = await signInEachRole();
    const wrong = await postToMocks('changes/since', { screen: 'quotes' }, sales);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ screen: ['The selected screen is invalid.'] });
    const missing = await postToMocks('changes/seen', {}, sales);
    expect(missing.body.errors).toEqual({ screen: ['The screen field is required.'] });
    expect(getStore().seenMarks).toEqual([]);
  });
});

describe('changes/seen on the mocks', () => {
  it('moves the mark to now without an audit entry, so nothing is new after it', async () => {
    const { sales } = await signInEachRole();
    seenAt(3);
    expect((await since(sales)).models).not.toEqual([]);
    const entries = getStore().auditLog.length;
    const answer = await postToMocks('changes/seen', { screen: 'models' }, sales);
    expect(ok('changes/seen', answer)).toEqual({ responseMessage: 'Marked as seen.', responseFlag: 'success' });
    expect(getStore().auditLog).toHaveLength(entries);
    const after = await since(sales);
    expect(after.since > BEFORE_LAST_RATE).toBe(true);
    expect(after).toMatchObject({ variables: [], models: [] });
    expect(getStore().seenMarks).toHaveLength(1);
  });

  it('starts the clock for a user who never asked', async () => {
    const { manager } = await signInEachRole();
    expect((await postToMocks('changes/seen', { screen: 'models' }, manager)).status).toBe(200);
    expect(getStore().seenMarks).toEqual([{ userId: 2, screen: 'models', seenAt: expect.any(String) }]);
  });
});
