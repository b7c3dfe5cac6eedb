import { done } from '#src/contract/messages.ts';
import type { Api } from '#server/http/register-call.ts';
import { readVariables, writeVariables } from '#server/repositories/variables.ts';

export function variableRoutes({ call, db }: Api) {
  call('variables', async () => ({ variables: await readVariables(db) }));

  call('variables/update-variables', async ({ body: { version, ...values } }) => {
    await writeVariables(db, { ...values, expectedVersion: version });
    return done.variablesUpdated;
  });

  call('variables/update-exch', async ({ body }) => {
    await writeVariables(db, { exch: body.exch, expectedVersion: body.version });
    return done.exchUpdated;
  });
}
