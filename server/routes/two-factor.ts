import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done } from '#src/contract/messages.ts';
import { CODE_NOT_VALID, TWO_FACTOR_NOT_ON } from '#src/contract/two-factor.ts';
import type { LoginThrottle } from '#src/domain/login-throttle.ts';
import { otpauthUrl } from '#src/domain/two-factor.ts';
import { verifyPassword } from '#server/auth/passwords.ts';
import { clientGone } from '#server/http/client-gone.ts';
import type { Api } from '#server/http/register-call.ts';
import type { Sealer } from '#server/repositories/sealing.ts';
import { inTransaction } from '#server/repositories/transaction.ts';
import { enableTwoFactor, startSetup, takeCode, turnOffTwoFactor } from '#server/repositories/two-factor.ts';
import { findUserById } from '#server/repositories/users.ts';
import { loginGuesses } from './login-guess.ts';

// The signed-in user's own two-factor sign-in (docs/design.md §8.5): set up, confirm, turn off.
export function twoFactorRoutes({ call, db }: Api, throttle: LoginThrottle, twoFactor: Sealer) {
  const guess = loginGuesses(throttle);

  call('auth/2fa/status', async ({ session }) => ({ twoFactor: session.twoFactor ? 1 : 0 }));

  call('auth/2fa/setup', async ({ user }) => {
    const secret = await startSetup(db, twoFactor, user.id);
    return { secret, otpauthUrl: otpauthUrl(secret, user.username) };
  });

  call('auth/2fa/enable', async ({ body, user }) => ({ recoveryCodes: await enableTwoFactor(db, twoFactor, user, body.code) }));

  // Both factors, so neither a stolen session nor a stolen phone turns it off alone; wrong
  // passwords count as failed sign-ins of the user, as on auth/change-password.
  call('auth/2fa/disable', async ({ body, user, session, request, reply }) => {
    const key = await guess(user.username, request);
    const row = await findUserById(db, user.id);
    if (!row || !(await verifyPassword(body.password, row.password_hash, clientGone(reply)))) {
      throw fieldError('password', fieldMessages.wrongPassword);
    }
    await throttle.clear(key);
    if (!session.twoFactor) throw fieldError('code', TWO_FACTOR_NOT_ON);
    await inTransaction(db, async (trx) => {
      if (!(await takeCode(trx, twoFactor, user.id, body.code))) throw fieldError('code', CODE_NOT_VALID);
      await turnOffTwoFactor(trx, user, user, 'auth.2fa-disable');
    });
    return done.twoFactorDisabled;
  });
}
