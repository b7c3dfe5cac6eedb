import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Variables } from '#src/contract/variables.ts';
import { call, describeEachDatabase, signInEachRole, startServer, type Answer, type TestServer } from './harness.ts';
import { forbidden, invalid, ok } from './expected.ts';

const updated = { responseMessage: 'Variables updated successfully.', responseFlag: 'success' };
// update-exch also answers the variables' new version (docs/design.md §8.9), whatever it is here.
const exchUpdated = { responseMessage: 'Exchange rate updated successfully.', responseFlag: 'success', version: expect.any(Number) };
const VALID: Variables = { tr: '3.517', exch: '280', fare: '0.05', duties: '0.20', profit: '0.15' };

// docs/design.md §8.9: a number outside its variable's bounds, both ends included.
const BOUNDS: Record<keyof Variables, string> = {
  tr: 'The TR must be between 0.1 and 100.',
  exch: 'The EXCH must be between 1 and 100000.',
  fare: 'The FARE must be between 0 and 10.',
  duties: 'The DUTIES must be between 0 and 10.',
  profit: 'The PROFIT must be between 0 and 10.',
};
// Text that is no plain decimal, or one with more digits than are stored.
const rule = (field: keyof Variables) =>
  field === 'tr' || field === 'exch' ? `The ${field} must be a number greater than 0.` : `The ${field} must be a number of 0 or more.`;

describeEachDatabase('variables', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let sales: string;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin, manager, sales } = await signInEachRole(server));
  });
  afterAll(() => server.close());

  // The five values; their shared version is tested in versions.test.ts.
  const read = async (token = admin) => {
    const values: Partial<Variables & { version: number }> = ok('variables', await call(server, 'variables', undefined, token)).variables;
    delete values.version;
    return values;
  };
  const stored = () => server.db.selectFrom('variables').select(['tr', 'exch', 'fare', 'duties', 'profit']).execute();
  const updateVariables = (body: unknown, token = admin) => call(server, 'variables/update-variables', body, token);
  const updateExch = (body: unknown, token = admin) => call(server, 'variables/update-exch', body, token);

  /** Sets all five through the API. */
  async function setAll(values: Variables) {
    expect(ok('variables/update-variables', await updateVariables(values))).toEqual(updated);
  }

  /** The call answers `status` with `body`, and the variables row is exactly as before. */
  async function expectUnchanged(send: () => Promise<Answer>, status: number, body: unknown) {
    const before = await server.db.selectFrom('variables').selectAll().execute();
    const answer = await send();
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body).toEqual(body);
    expect(await server.db.selectFrom('variables').selectAll().execute()).toEqual(before);
  }

  describe('variables', () => {
    it('reads the five variables as strings, the starting values of a fresh database', async () => {
      const answer = await call(server, 'variables', undefined, admin);
      expect(Object.keys(answer.body.variables).sort()).toEqual(['duties', 'exch', 'fare', 'profit', 'tr', 'version']);
      const { version, ...variables } = ok('variables', answer).variables;
      expect(variables).toEqual(VALID);
      expect(version).toBe(1);
      for (const value of Object.values(variables)) expect(typeof value).toBe('string');
    });

    it('is readable by a Manager and a Sales user (the TR and EXCH alone, §8.9), not without a token', async () => {
      const expected = await read(admin);
      expect(await read(manager)).toEqual(expected);
      expect(await read(sales)).toEqual({ tr: expected.tr, exch: expected.exch });
      const anonymous = await call(server, 'variables');
      expect(anonymous.status).toBe(203);
      expect(anonymous.body).toMatchObject({ responseFlag: 'danger' });
    });
  });

  describe('update-variables', () => {
    it('stores the values exactly as entered, trimmed; JSON numbers become their decimal text', async () => {
      const answer = await updateVariables({ tr: '3.5170', exch: ' 281.15 ', fare: '0', duties: '0.20', profit: 0.5 });
      expect(ok('variables/update-variables', answer)).toEqual(updated);
      const expected = { tr: '3.5170', exch: '281.15', fare: '0', duties: '0.20', profit: '0.5' };
      expect(await read()).toEqual(expected);
      expect(await stored()).toEqual([expected]);
    });

    it('keeps long decimals and whole numbers as written', async () => {
      const values = { tr: '0.1000000001', exch: '99999.0123456789', fare: '1', duties: '0.0000000001', profit: '10' };
      await setAll(values);
      expect(await read()).toEqual(values);
      await setAll({ ...VALID, tr: 12 as unknown as string, exch: 300.25 as unknown as string });
      expect(await read()).toEqual({ ...VALID, tr: '12', exch: '300.25' });
      await setAll(VALID);
    });

    it('answers the five required messages on an empty body, on no body and on blank values', async () => {
      const errors = {
        tr: ['Please enter tr value.'],
        exch: ['Please enter exch value.'],
        fare: ['Please enter fare value.'],
        duties: ['Please enter duties value.'],
        profit: ['Please enter profit value.'],
      };
      await expectUnchanged(() => updateVariables({}), 422, invalid(errors));
      await expectUnchanged(() => updateVariables(undefined), 422, invalid(errors));
      await expectUnchanged(() => updateVariables({ tr: '', exch: '  ', fare: null, duties: '', profit: ' ' }), 422, invalid(errors));
    });

    it('refuses one missing variable under that field only', async () => {
      const rest: Partial<Variables> = { ...VALID };
      delete rest.duties;
      await expectUnchanged(() => updateVariables(rest), 422, invalid({ duties: ['Please enter duties value.'] }));
    });

    it.each([
      ['tr', 'abc'],
      ['exch', 'abc'],
      ['fare', 'abc'],
      ['duties', 'abc'],
      ['profit', 'abc'],
      ['tr', '1e5'],
      ['exch', '1e5'],
      ['fare', '1e5'],
      ['duties', '1e5'],
      ['profit', '1e5'],
      ['fare', '.5'],
      ['duties', '1,5'],
      ['profit', true],
      ['exch', '1.00000000001'],
    ] as [keyof Variables, unknown][])('refuses %s = %j with 422 under that field, writing nothing', async (field, value) => {
      await expectUnchanged(() => updateVariables({ ...VALID, [field]: value }), 422, invalid({ [field]: [rule(field)] }));
    });

    it.each([
      ['tr', '0'],
      ['tr', '0.000'],
      ['tr', 0],
      ['tr', '0.0999999999'],
      ['tr', '100.0000000001'],
      ['tr', '-1'],
      ['tr', '1234567890123'],
      ['exch', '0'],
      ['exch', '0.0'],
      // The probe's rate: every Total became 0. As text, as a JSON number and with more digits than are stored.
      ['exch', '0.0000000001'],
      ['exch', 1e-10],
      ['exch', '0.00000000001'],
      ['exch', '0.9999999999'],
      ['exch', '100000.0000000001'],
      ['exch', '-280'],
      ['exch', 1e21],
      ['fare', '-0.05'],
      ['fare', '10.0000000001'],
      ['duties', '-1'],
      ['duties', '11'],
      ['profit', -1],
      ['profit', 10.5],
    ] as [keyof Variables, unknown][])('refuses %s = %j, outside its bounds, with 422 under that field', async (field, value) => {
      await expectUnchanged(() => updateVariables({ ...VALID, [field]: value }), 422, invalid({ [field]: [BOUNDS[field]] }));
    });

    it('accepts each bound itself, compared as decimals however it is written', async () => {
      const lowest = { tr: '0.1', exch: '1', fare: '0', duties: '0.0', profit: '0.0000000000' };
      const highest = { tr: '100', exch: '100000.0000000000', fare: '10', duties: '010', profit: '10.0' };
      for (const values of [lowest, highest]) {
        await setAll(values);
        expect(await read()).toEqual(values);
      }
      await setAll(VALID);
    });

    it.each(['fare', 'duties', 'profit'] as const)('accepts %s = 0', async (field) => {
      await setAll({ ...VALID, [field]: '0' });
      expect((await read())[field]).toBe('0');
      await setAll(VALID);
    });

    it('is refused to a Manager and a Sales user with 403, writing nothing', async () => {
      for (const token of [manager, sales]) {
        await expectUnchanged(() => updateVariables({ ...VALID, exch: '999' }, token), 403, forbidden);
      }
    });
  });

  describe('update-exch', () => {
    it('changes only the exchange rate, stored as entered and trimmed', async () => {
      await setAll({ tr: '3.517', exch: '280', fare: '0.05', duties: '0.20', profit: '0.15' });
      const answer = await updateExch({ exch: ' 290.50 ' });
      expect(ok('variables/update-exch', answer)).toEqual(exchUpdated);
      expect(await read()).toEqual({ ...VALID, exch: '290.50' });
      expect(ok('variables/update-exch', await updateExch({ exch: 301.5 }))).toEqual(exchUpdated);
      expect(await read()).toEqual({ ...VALID, exch: '301.5' });
    });

    it('ignores anything but exch in its body', async () => {
      await setAll(VALID);
      expect(ok('variables/update-exch', await updateExch({ exch: '285', tr: '9', fare: '9', duties: '9', profit: '9' }))).toEqual(
        exchUpdated,
      );
      expect(await read()).toEqual({ ...VALID, exch: '285' });
    });

    it('refuses a blank or missing exch with the error under newExch', async () => {
      const required = invalid({ newExch: ['Please enter exch.'] });
      await expectUnchanged(() => updateExch({ exch: '' }), 422, required);
      await expectUnchanged(() => updateExch({ exch: '   ' }), 422, required);
      await expectUnchanged(() => updateExch({}), 422, required);
      await expectUnchanged(() => updateExch(undefined), 422, required);
    });

    it.each(['abc', '1e5', true])('refuses exch %j with 422 under newExch', async (exch) => {
      await expectUnchanged(() => updateExch({ exch }), 422, invalid({ newExch: ['The exch must be a number greater than 0.'] }));
    });

    it.each(['0', '-5', '0.0000000001', 1e-10, '0.9999999999', '100000.0000000001', '100001'])(
      'refuses exch %j, outside 1 to 100000, with 422 under newExch',
      async (exch) => {
        await expectUnchanged(() => updateExch({ exch }), 422, invalid({ newExch: [BOUNDS.exch] }));
      },
    );

    it('lets a Manager update the exchange rate', async () => {
      expect(ok('variables/update-exch', await updateExch({ exch: '282.75' }, manager))).toEqual(exchUpdated);
      expect((await read(sales)).exch).toBe('282.75');
    });

    it('is refused to a Sales user with 403, writing nothing', async () => {
      await expectUnchanged(() => updateExch({ exch: '1' }, sales), 403, forbidden);
    });
  });
});
