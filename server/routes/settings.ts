import { done } from '#src/contract/messages.ts';
import { refuseLockingLevel } from '#src/domain/two-factor.ts';
import type { Api } from '#server/http/register-call.ts';
import { readSettings, writeSettings } from '#server/repositories/settings.ts';

export function settingsRoutes({ call, db }: Api) {
  call('settings', async () => ({ settings: await readSettings(db) }));

  call('settings/update', async ({ body: { version, ...values }, user }) => {
    refuseLockingLevel(values.twoFactorRequiredLevel, user);
    await writeSettings(db, user, values, { expectedVersion: version });
    return done.settingsUpdated;
  });
}
