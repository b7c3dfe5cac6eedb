import { done } from '#src/contract/messages.ts';
import { refuseLockingLevel } from '#src/domain/two-factor.ts';
import type { Api } from '#server/http/register-call.ts';
import type { Business } from '#server/config.ts';
import { readSettings, writeSettings } from '#server/repositories/settings.ts';

export function settingsRoutes({ call, db }: Api, business: Business) {
  call('settings', async () => ({
    settings: { ...(await readSettings(db)), businessTimeZone: business.timeZone, quoteValidityDays: business.quoteValidityDays },
  }));

  call('settings/update', async ({ body: { version, ...values }, user, session }) => {
    refuseLockingLevel(values.twoFactorRequiredLevel, user, session.secondFactor);
    await writeSettings(db, user, values, { expectedVersion: version });
    return done.settingsUpdated;
  });
}
