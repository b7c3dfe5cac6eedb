import { describe, expect, it } from 'vitest';
import { postToMocks, ok, signInEachRole, startMockApi } from './harness.ts';

startMockApi();

describe('settings', () => {
  it('answers the settings to everyone and lets an admin change them, as the server does', async () => {
    const { admin, manager, sales } = await signInEachRole();
    const empty = {
      companyName: '',
      companyAddress: '',
      companyPhone: '',
      quoteTerms: '',
      twoFactorRequiredLevel: 0,
      version: 1,
      // The server's defaults of BUSINESS_TIME_ZONE and QUOTE_VALIDITY_DAYS (docs/design.md §8).
      businessTimeZone: 'Asia/Karachi',
      quoteValidityDays: 7,
    };
    expect(ok('settings', await postToMocks('settings', undefined, sales)).settings).toEqual(empty);
    expect((await postToMocks('settings/update', { companyName: 'X' }, manager)).status).toBe(403);

    const locking = await postToMocks('settings/update', { twoFactorRequiredLevel: 2 }, admin);
    expect(locking).toMatchObject({
      status: 422,
      body: { errors: { twoFactorRequiredLevel: ['Set up two-factor sign-in for yourself first.'] } },
    });

    const saved = await postToMocks('settings/update', { companyName: ' Breeze ', quoteTerms: 'One\r\nTwo', version: 1 }, admin);
    expect(ok('settings/update', saved)).toEqual({ responseMessage: 'Settings updated successfully.', responseFlag: 'success' });
    expect(ok('settings', await postToMocks('settings', undefined, manager)).settings).toEqual({
      ...empty,
      companyName: 'Breeze',
      quoteTerms: 'One\nTwo',
      version: 2,
    });
    const stale = await postToMocks('settings/update', { companyName: 'Other', version: 1 }, admin);
    expect(stale).toMatchObject({
      status: 422,
      body: { errors: { version: ['This record has been changed by someone else. Reload to see it.'] } },
    });
  });
});
