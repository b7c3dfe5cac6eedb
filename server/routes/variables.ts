import { done } from '#src/contract/messages.ts';
import type { Api } from '#server/http/register-call.ts';
import { readVariables, writeVariables } from '#server/repositories/variables.ts';

export function variableRoutes({ call, db }: Api) {
  call('variables', async () => ({ variables: await readVariables(db) }));

  call('variables/update-variables', async ({ body }) => {
    await writeVariables(db, body);
    return done.variablesUpdated;
  });

  call('variables/update-exch', async ({ body }) => {
    await writeVariables(db, { exch: body.exch });
    return done.exchUpdated;
  });
}
