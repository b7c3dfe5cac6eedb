import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeVariables } from '#server/repositories/variables.ts';
import type { Variables } from '#src/contract/variables.ts';
import { call, describeEachDatabase, signInEachRole, startServer, type TestServer } from './harness.ts';
import { forbidden, invalid, ok } from './expected.ts';

const VALID: Variables = { tr: '3.517', exch: '280', fare: '0.05', duties: '0.20', profit: '0.15' };
const CHANGED_MEANWHILE = 'The exchange rate has been changed by someone else. Reload to see it.';

describeEachDatabase('pricing history', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let sales: string;
  let ids: { admin: number; manager: number; sales: number };

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin, manager, sales, ids } = await signInEachRole(server));
  });
  afterAll(() => server.close());

  // Each test starts from the migration's values and no history.
  beforeEach(async () => {
    await server.db.deleteFrom('variable_history').execute();
    await server.db.updateTable('variables').set(VALID).execute();
  });

  const stored = () => server.db.selectFrom('variables').selectAll().executeTakeFirstOrThrow();
  const historyRows = () =>
    server.db.selectFrom('variable_history').select(['variable', 'old_value', 'new_value', 'user_id']).orderBy('id').execute();
  const history = async (body: unknown, token = manager) =>
    ok('variables/history', await call(server, 'variables/history', body, token)).tableData;

  describe('writing', () => {
    it('update-variables writes one row per changed variable, by whom, at one instant', async () => {
      const answer = await call(server, 'variables/update-variables', { ...VALID, exch: ' 281.15 ', duties: '0.2' }, admin);
      expect(answer.status).toBe(200);
      expect(await historyRows()).toEqual([
        { variable: 'exch', old_value: '280', new_value: '281.15', user_id: ids.admin },
        { variable: 'duties', old_value: '0.20', new_value: '0.2', user_id: ids.admin },
      ]);
      const times = await server.db.selectFrom('variable_history').select('created_at').execute();
      expect(new Set(times.map((row) => row.created_at)).size).toBe(1);
      expect((await stored()).updated_at).toBe(times[0]!.created_at);
    });

    it('saving unchanged values writes none (and still raises the version)', async () => {
      const before = await stored();
      expect((await call(server, 'variables/update-variables', VALID, admin)).status).toBe(200);
      expect((await call(server, 'variables/update-exch', { exch: '280' }, manager)).status).toBe(200);
      expect(await historyRows()).toEqual([]);
      expect((await stored()).version).toBe(before.version + 2);
    });

    it('update-exch writes the exch row, by the manager', async () => {
      expect((await call(server, 'variables/update-exch', { exch: '290.5' }, manager)).status).toBe(200);
      expect(await historyRows()).toEqual([{ variable: 'exch', old_value: '280', new_value: '290.5', user_id: ids.manager }]);
    });

    it('a refused write leaves no row: bad values, a stale version, a 403', async () => {
      const { version } = await stored();
      await call(server, 'variables/update-variables', { ...VALID, exch: '300', tr: '0' }, admin);
      await call(server, 'variables/update-variables', { ...VALID, exch: '300', version: version + 5 }, admin);
      await call(server, 'variables/update-exch', { exch: '300', version: version + 5 }, manager);
      await call(server, 'variables/update-exch', { exch: '300' }, sales);
      await call(server, 'variables/update-variables', { ...VALID, exch: '300' }, manager);
      expect(await historyRows()).toEqual([]);
      expect((await stored()).exch).toBe('280');
    });

    it('the history row and the values are one transaction: a history insert that fails undoes the values', async () => {
      // No such user: the history row breaks its foreign key, after the values were written.
      await expect(writeVariables(server.db, { id: 987_654, name: 'Nobody' }, { exch: '333' }, {})).rejects.toThrow();
      expect((await stored()).exch).toBe('280');
      expect(await historyRows()).toEqual([]);
    });
  });

  describe('previousExch', () => {
    it('a rate that is still the stored one, compared as decimals, lets the update through', async () => {
      const answer = await call(server, 'variables/update-exch', { exch: '285', previousExch: '280.00' }, manager);
      expect(ok('variables/update-exch', answer).responseFlag).toBe('success');
      expect((await stored()).exch).toBe('285');
    });

    it('another rate changes nothing: 422 under newExch', async () => {
      const before = await stored();
      const answer = await call(server, 'variables/update-exch', { exch: '285', previousExch: '279.99' }, manager);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(invalid({ newExch: [CHANGED_MEANWHILE] }));
      expect(await stored()).toEqual(before);
      expect(await historyRows()).toEqual([]);
    });

    it('two managers who saw the same rate: the second is refused, the first stands', async () => {
      const first = call(server, 'variables/update-exch', { exch: '290', previousExch: '280' }, manager);
      const second = call(server, 'variables/update-exch', { exch: '295', previousExch: '280' }, admin);
      const statuses = (await Promise.all([first, second])).map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, 422]);
      const rows = await historyRows();
      expect(rows).toHaveLength(1);
      expect((await stored()).exch).toBe(rows[0]!.new_value);
    });

    it('undo: the old rate with previousExch set to the new one', async () => {
      await call(server, 'variables/update-exch', { exch: '300', previousExch: '280' }, manager);
      expect((await call(server, 'variables/update-exch', { exch: '280', previousExch: '300' }, manager)).status).toBe(200);
      expect((await stored()).exch).toBe('280');
      expect((await historyRows()).map((row) => [row.old_value, row.new_value])).toEqual([
        ['280', '300'],
        ['300', '280'],
      ]);
    });

    // docs/design.md §8.9: the probe's Undo slipped through an A-B-A change, the rate alone being the same.
    it("an Undo sent with its change's version is refused once anyone changed EXCH since, even back to the same rate", async () => {
      const change = ok(
        'variables/update-exch',
        await call(server, 'variables/update-exch', { exch: '300', previousExch: '280' }, manager),
      );
      expect(change).toEqual({
        responseMessage: 'Exchange rate updated successfully.',
        responseFlag: 'success',
        version: (await stored()).version,
      });
      // Someone else: 300 → 310 → 300.
      expect((await call(server, 'variables/update-exch', { exch: '310', previousExch: '300' }, admin)).status).toBe(200);
      expect((await call(server, 'variables/update-exch', { exch: '300', previousExch: '310' }, admin)).status).toBe(200);
      const before = await stored();
      const undo = await call(server, 'variables/update-exch', { exch: '280', previousExch: '300', version: change.version }, manager);
      expect(undo.status).toBe(422);
      expect(undo.body).toEqual(invalid({ version: ['This record has been changed by someone else. Reload to see it.'] }));
      expect(await stored()).toEqual(before);
      expect((await historyRows()).map((row) => row.new_value)).toEqual(['300', '310', '300']);
    });

    it('an Undo with the version its change answered goes through, and answers the next version', async () => {
      const change = ok(
        'variables/update-exch',
        await call(server, 'variables/update-exch', { exch: '300', previousExch: '280' }, manager),
      );
      const undo = ok(
        'variables/update-exch',
        await call(server, 'variables/update-exch', { exch: '280', previousExch: '300', version: change.version }, manager),
      );
      expect(undo.version).toBe(change.version + 1);
      expect(await stored()).toMatchObject({ exch: '280', version: undo.version });
    });

    it.each(['abc', '0', true])('refuses previousExch %j under previousExch', async (previousExch) => {
      const answer = await call(server, 'variables/update-exch', { exch: '300', previousExch }, manager);
      expect(answer.body).toEqual(invalid({ previousExch: ['The previous exch must be a number greater than 0.'] }));
      expect((await stored()).exch).toBe('280');
    });
  });

  describe('variables/history', () => {
    async function makeHistory() {
      for (const exch of ['281', '282', '283']) await call(server, 'variables/update-exch', { exch }, manager);
      await call(server, 'variables/update-variables', { ...VALID, exch: '283', tr: '3.5', profit: '0.2' }, admin);
    }

    it('lists every change newest first, ties by id newest first, with the user name', async () => {
      await makeHistory();
      const page = await history({});
      expect(page.total).toBe(5);
      expect(page.data.map((row) => [row.variable, row.oldValue, row.newValue])).toEqual([
        ['profit', '0.15', '0.2'],
        ['tr', '3.517', '3.5'],
        ['exch', '282', '283'],
        ['exch', '281', '282'],
        ['exch', '280', '281'],
      ]);
      const ids = page.data.map((row) => row.id);
      expect(ids[0]).toBeGreaterThan(ids[1]!);
      expect(page.data[0]!.userName).toBe(page.data[1]!.userName);
      expect(page.data[4]!.userName).not.toBe(page.data[0]!.userName);
      expect(Date.parse(page.data[0]!.createdAt)).not.toBeNaN();
      expect(Object.keys(page.data[0]!).sort()).toEqual(['createdAt', 'id', 'newValue', 'oldValue', 'userName', 'variable']);
    });

    it('filters by variable and pages like every list', async () => {
      await makeHistory();
      const first = await history({ filters: { variable: 'exch' }, page: 1, per_page: 2 });
      expect(first.data.map((row) => row.newValue)).toEqual(['283', '282']);
      expect(first).toMatchObject({ total: 3, last_page: 2, from: 1, to: 2, path: '/api/variables/history' });
      expect(first.next_page_url).toBe('/api/variables/history?page=2');
      const second = await history({ filters: { variable: 'exch' }, page: 2, per_page: 2 });
      expect(second.data.map((row) => row.newValue)).toEqual(['281']);
      expect((await history({ filters: { variable: 'fare' } })).total).toBe(0);
      expect((await history({ filters: { variable: '' } })).total).toBe(5);
      // A large page is read in slices and answered all the same.
      expect((await history({ filters: {}, per_page: 5000 })).data).toHaveLength(5);
    });

    it.each(['EXCH', 'price', 3, ['exch']])('refuses filters.variable %j under filters.variable', async (variable) => {
      const answer = await call(server, 'variables/history', { filters: { variable } }, admin);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(invalid({ 'filters.variable': ['The selected variable is invalid.'] }));
    });

    it('is level 2: admin and manager read it, Sales get 403', async () => {
      expect((await call(server, 'variables/history', {}, admin)).status).toBe(200);
      const refused = await call(server, 'variables/history', {}, sales);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(forbidden);
      expect((await call(server, 'variables/history', {})).status).toBe(203);
    });
  });
});
