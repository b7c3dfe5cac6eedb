import { done } from '#src/contract/messages.ts';
import type { Api } from '#server/http/register-call.ts';
import { readVariables, writeVariables } from '#server/repositories/variables.ts';

export function variableRoutes({ call, db }: Api) {
  call('variables', async () => ({ variables: await readVariables(db) }));

  call('variables/update-variables', async ({ body: { version, ...values }, user }) => {
    await writeVariables(db, user, { ...values, expectedVersion: version });
    return done.variablesUpdated;
  });

  call('variables/update-exch', async ({ body, user }) => {
    await writeVariables(db, user, { exch: body.exch, expectedVersion: body.version });
    return done.exchUpdated;
  });
}
