import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { done } from '#src/contract/messages.ts';

// The five variables are kept exactly as entered (the contract trims them): "0.20" stays "0.20".
export const variableCalls: MockCall[] = [
  defineCall('variables', ({ store }) => ({ variables: store.variables })),

  defineCall('variables/update-variables', ({ body, store }) => {
    store.variables = { ...body };
    return done.variablesUpdated;
  }),

  defineCall('variables/update-exch', ({ body, store }) => {
    store.variables.exch = body.exch;
    return done.exchUpdated;
  }),
];
