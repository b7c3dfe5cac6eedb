import { done } from '#src/contract/messages.ts';
import { SETTINGS_ENTITY_NAME } from '#src/domain/audit.ts';
import { refuseLockingLevel } from '#src/domain/two-factor.ts';
import { DEFAULT_BUSINESS_TIME_ZONE } from '#src/domain/business-time.ts';
import { DEFAULT_QUOTE_VALIDITY_DAYS } from '#src/domain/quotes.ts';
import { settingsFields } from '#mocks/audit.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { auditedUpdate, versionOf } from '#mocks/versions.ts';

// As the server's settings routes: the level's check, the version's, then the values and their entry.

export const settingsCalls: MockCall[] = [
  // The mocks' business day is the server's default one.
  defineCall('settings', ({ store }) => ({
    settings: {
      ...store.settings,
      version: versionOf(store.settings),
      businessTimeZone: DEFAULT_BUSINESS_TIME_ZONE,
      quoteValidityDays: DEFAULT_QUOTE_VALIDITY_DAYS,
    },
  })),

  defineCall('settings/update', ({ body: { version, ...sent }, user, session, store }) => {
    refuseLockingLevel(sent.twoFactorRequiredLevel, user, session.secondFactor);
    // A field left out keeps its value, and stays out of the entry.
    const values = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined));
    auditedUpdate(store, user, {
      record: store.settings,
      expectedVersion: version,
      set: (settings) => Object.assign(settings, values),
      audit: { action: 'settings.update', name: () => SETTINGS_ENTITY_NAME, fields: settingsFields },
    });
    return done.settingsUpdated;
  }),
];
