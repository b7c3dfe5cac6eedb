import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { raiseVersion, refuseIfStale, versionOf } from '#mocks/versions.ts';
import { done } from '#src/contract/messages.ts';
import type { Variables } from '#src/contract/variables.ts';
import { diffChanges, VARIABLES_ENTITY_NAME } from '#src/domain/audit.ts';
import { recordAudit } from '#mocks/audit.ts';
import type { MockStore } from '#mocks/store-shape.ts';

const auditVariables = (store: MockStore, user: { id: number; name: string }, before: Variables, changes: Partial<Variables>) =>
  recordAudit(store, user, {
    action: 'variables.update',
    entityId: null,
    entityName: VARIABLES_ENTITY_NAME,
    changes: diffChanges(before, changes),
  });

// The five variables are kept exactly as entered (the contract trims them): "0.20" stays "0.20".
// They share one version, raised by both update calls.
export const variableCalls: MockCall[] = [
  defineCall('variables', ({ store }) => ({ variables: { ...store.variables, version: versionOf(store.variables) } })),

  defineCall('variables/update-variables', ({ body: { version, ...values }, user, store }) => {
    refuseIfStale(store.variables, version);
    auditVariables(store, user, store.variables, values);
    store.variables = { ...values, version: versionOf(store.variables) + 1 };
    return done.variablesUpdated;
  }),

  defineCall('variables/update-exch', ({ body, user, store }) => {
    refuseIfStale(store.variables, body.version);
    auditVariables(store, user, store.variables, { exch: body.exch });
    store.variables.exch = body.exch;
    raiseVersion(store.variables);
    return done.exchUpdated;
  }),
];
