import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, signInEachRole, startServer, type TestServer } from './harness.ts';
import { forbidden, invalid, ok } from './expected.ts';

// docs/design.md §8: the business's settings, one versioned record.
const updated = { responseMessage: 'Settings updated successfully.', responseFlag: 'success' };
const EMPTY = { companyName: '', companyAddress: '', companyPhone: '', quoteTerms: '', twoFactorRequiredLevel: 0 };
const FILLED = {
  companyName: 'Cool Breeze Traders',
  companyAddress: '12 Mall Road\nLahore',
  companyPhone: '+92 42 111 222 333',
  quoteTerms: 'Prices in PKR.\nValid 7 days.',
  twoFactorRequiredLevel: 0,
};
// The business day's configuration, answered beside the stored settings (the server's defaults here).
const BUSINESS = { businessTimeZone: 'Asia/Karachi', quoteValidityDays: 7 };
const LOCKS_OUT = 'Set up two-factor sign-in for yourself first.';

describeEachDatabase('settings', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let sales: string;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin, manager, sales } = await signInEachRole(server));
  });
  afterAll(() => server.close());

  const read = async (token = admin) => ok('settings', await call(server, 'settings', undefined, token)).settings;
  const update = (body: unknown, token = admin) => call(server, 'settings/update', body, token);
  const storedRow = () => server.db.selectFrom('settings').selectAll().execute();

  /** The call is refused with these field errors, and the settings row is exactly as before. */
  async function expectRefused(body: unknown, errors: Record<string, string[]>) {
    const before = await storedRow();
    const answer = await update(body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body).toEqual(invalid(errors));
    expect(await storedRow()).toEqual(before);
  }

  it('starts with empty texts and no second factor asked, at version 1, readable by every role', async () => {
    const answer = await call(server, 'settings', undefined, sales);
    expect(Object.keys(answer.body.settings).sort()).toEqual([
      'businessTimeZone',
      'companyAddress',
      'companyName',
      'companyPhone',
      'quoteTerms',
      'quoteValidityDays',
      'twoFactorRequiredLevel',
      'version',
    ]);
    expect(ok('settings', answer).settings).toEqual({ ...EMPTY, ...BUSINESS, version: 1 });
    expect(await read(manager)).toEqual({ ...EMPTY, ...BUSINESS, version: 1 });
    expect(await read(admin)).toEqual({ ...EMPTY, ...BUSINESS, version: 1 });
    expect((await call(server, 'settings')).status).toBe(203);
  });

  it('is updated by an admin only, with its audit entry; a manager and a salesperson get 403', async () => {
    for (const token of [manager, sales]) {
      const answer = await update(FILLED, token);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(forbidden);
    }
    const before = await read();
    expect(ok('settings/update', await update({ ...FILLED, version: before.version }))).toEqual(updated);
    expect(await read(sales)).toEqual({ ...FILLED, ...BUSINESS, version: before.version + 1 });
    const entry = await server.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ entity_type: 'settings', entity_id: null, entity_name: 'Settings' });
    expect(JSON.parse(entry.changes)).toEqual({
      companyName: ['', FILLED.companyName],
      companyAddress: ['', FILLED.companyAddress],
      companyPhone: ['', FILLED.companyPhone],
      quoteTerms: ['', FILLED.quoteTerms],
    });
  });

  it('keeps a field that is left out, and stores an empty one as empty', async () => {
    expect(ok('settings/update', await update({ companyPhone: '' }))).toEqual(updated);
    const after = await read();
    expect(after).toMatchObject({ companyName: FILLED.companyName, companyPhone: '' });
  });

  it('stores CR LF as LF and trims; any other control character is refused', async () => {
    expect(ok('settings/update', await update({ companyAddress: '  1 Road\r\nKarachi\n\nPakistan ', quoteTerms: 'A\r\nB' }))).toEqual(
      updated,
    );
    expect(await read()).toMatchObject({ companyAddress: '1 Road\nKarachi\n\nPakistan', quoteTerms: 'A\nB' });
    const control = 'This field may not contain control characters.';
    await expectRefused({ companyAddress: 'a\rb' }, { companyAddress: [control] });
    await expectRefused({ quoteTerms: 'a\tb' }, { quoteTerms: [control] });
    await expectRefused({ companyName: 'a\nb' }, { companyName: [control] });
    await expectRefused({ companyPhone: 'a\u0000' }, { companyPhone: [control] });
    await expectRefused({ quoteTerms: 'a\u202eb' }, { quoteTerms: ['This field may not contain invisible characters.'] });
  });

  it('takes names up to 255 characters and texts up to 2,000', async () => {
    const longLines = `${'x'.repeat(999)}\r\n${'y'.repeat(1000)}`;
    const filled = { companyName: 'n'.repeat(255), companyPhone: 'p'.repeat(255), companyAddress: longLines, quoteTerms: 't'.repeat(2000) };
    expect(ok('settings/update', await update(filled))).toEqual(updated);
    expect(await read()).toMatchObject({ ...filled, companyAddress: longLines.replace('\r\n', '\n') });
    await expectRefused(
      { companyName: 'n'.repeat(256), companyPhone: 'p'.repeat(256), companyAddress: 'a'.repeat(2001), quoteTerms: 't'.repeat(2001) },
      {
        companyName: ['The company name may not be greater than 255 characters.'],
        companyAddress: ['The company address may not be greater than 2000 characters.'],
        companyPhone: ['The company phone may not be greater than 255 characters.'],
        quoteTerms: ['The quote terms may not be greater than 2000 characters.'],
      },
    );
    await expectRefused({ companyName: 12 }, { companyName: ['The company name must be text.'] });
  });

  it('refuses a two-factor level that would cover the admin saving it, who has no second factor', async () => {
    for (const level of [1, 2, 3, '3']) {
      await expectRefused({ ...FILLED, twoFactorRequiredLevel: level }, { twoFactorRequiredLevel: [LOCKS_OUT] });
    }
    for (const level of [4, -1, 1.5, 'admins']) {
      await expectRefused({ twoFactorRequiredLevel: level }, { twoFactorRequiredLevel: ['The selected two-factor level is invalid.'] });
    }
    expect(ok('settings/update', await update({ twoFactorRequiredLevel: '0' }))).toEqual(updated);
    expect((await read()).twoFactorRequiredLevel).toBe(0);
  });

  it('refuses a save made from an older version, changing nothing', async () => {
    const { version } = await read();
    expect(ok('settings/update', await update({ companyName: 'First', version }))).toEqual(updated);
    await expectRefused(
      { companyName: 'Second', version },
      { version: ['This record has been changed by someone else. Reload to see it.'] },
    );
    expect((await read()).companyName).toBe('First');
  });
});
