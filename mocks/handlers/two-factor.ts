import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done } from '#src/contract/messages.ts';
import { CODE_NOT_VALID, TWO_FACTOR_NOT_ON } from '#src/contract/two-factor.ts';
import { nameKey } from '#src/domain/names.ts';
import { otpauthUrl } from '#src/domain/two-factor.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import { enableTwoFactor, startSetup, takeCode, turnOffTwoFactor } from '#mocks/two-factor.ts';
import type { MockStore, MockUser } from '#mocks/store-shape.ts';
import { clearGuesses, guess } from './login-guess.ts';

// As the server's two-factor routes (server/routes/two-factor.ts).

const rowOf = (store: MockStore, id: number): MockUser => store.users.find((row) => row.id === id)!;

export const twoFactorCalls: MockCall[] = [
  defineCall('auth/2fa/status', ({ session }) => ({ twoFactor: session.twoFactor ? 1 : 0 })),

  defineCall('auth/2fa/setup', ({ user, store }) => {
    const secret = startSetup(rowOf(store, user.id));
    return { secret, otpauthUrl: otpauthUrl(secret, user.username) };
  }),

  defineCall('auth/2fa/enable', ({ body, user, store }) => ({ recoveryCodes: enableTwoFactor(store, rowOf(store, user.id), body.code) })),

  defineCall('auth/2fa/disable', ({ body, user, session, store }) => {
    const key = nameKey(user.username);
    guess(store, key);
    const row = rowOf(store, user.id);
    if (row.password !== body.password) throw fieldError('password', fieldMessages.wrongPassword);
    clearGuesses(store, key);
    if (!session.twoFactor) throw fieldError('code', TWO_FACTOR_NOT_ON);
    if (!takeCode(row, body.code)) throw fieldError('code', CODE_NOT_VALID);
    turnOffTwoFactor(store, user, row, 'auth.2fa-disable');
    return done.twoFactorDisabled;
  }),
];
