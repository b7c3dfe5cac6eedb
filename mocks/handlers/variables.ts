import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { raiseVersion, refuseIfStale, versionOf } from '#mocks/versions.ts';
import { done } from '#src/contract/messages.ts';

// The five variables are kept exactly as entered (the contract trims them): "0.20" stays "0.20".
// They share one version, raised by both update calls.
export const variableCalls: MockCall[] = [
  defineCall('variables', ({ store }) => ({ variables: { ...store.variables, version: versionOf(store.variables) } })),

  defineCall('variables/update-variables', ({ body: { version, ...values }, store }) => {
    refuseIfStale(store.variables, version);
    store.variables = { ...values, version: versionOf(store.variables) + 1 };
    return done.variablesUpdated;
  }),

  defineCall('variables/update-exch', ({ body, store }) => {
    refuseIfStale(store.variables, body.version);
    store.variables.exch = body.exch;
    raiseVersion(store.variables);
    return done.exchUpdated;
  }),
];
