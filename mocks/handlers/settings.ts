import { done } from '#src/contract/messages.ts';
import { diffChanges, SETTINGS_ENTITY_NAME } from '#src/domain/audit.ts';
import { refuseLockingLevel } from '#src/domain/two-factor.ts';
import { recordAudit } from '#mocks/audit.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { raiseVersion, refuseIfStale, versionOf } from '#mocks/versions.ts';

// As the server's settings routes: the level's check, the version's, then the values and their entry.

export const settingsCalls: MockCall[] = [
  defineCall('settings', ({ store }) => ({ settings: { ...store.settings, version: versionOf(store.settings) } })),

  defineCall('settings/update', ({ body: { version, ...sent }, user, store }) => {
    refuseLockingLevel(sent.twoFactorRequiredLevel, user);
    refuseIfStale(store.settings, version);
    // A field left out keeps its value, and stays out of the entry.
    const values = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined));
    recordAudit(store, user, {
      action: 'settings.update',
      entityId: null,
      entityName: SETTINGS_ENTITY_NAME,
      changes: diffChanges(store.settings, values),
    });
    Object.assign(store.settings, values);
    raiseVersion(store.settings);
    return done.settingsUpdated;
  }),
];
