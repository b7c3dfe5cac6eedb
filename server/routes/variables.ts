import { done } from '#src/contract/messages.ts';
import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { listVariableHistory } from '#server/repositories/variable-history.ts';
import { readVariables, writeVariables } from '#server/repositories/variables.ts';
import { variablesFor } from '#src/domain/variables-seen.ts';

const historyPage = pagedAnswer('variables/history');

export function variableRoutes({ call, db, store }: Api) {
  call('variables', async ({ user }) => ({ variables: variablesFor(user, await readVariables(db)) }));

  call('variables/update-variables', async ({ body: { version, ...values }, user }) => {
    await writeVariables(db, user, values, { expectedVersion: version });
    return done.variablesUpdated;
  });

  call('variables/update-exch', async ({ body, user }) => {
    const version = await writeVariables(db, user, { exch: body.exch }, { expectedVersion: body.version, previousExch: body.previousExch });
    return { ...done.exchUpdated, version };
  });

  call('variables/history', async ({ body, reply }) =>
    historyPage(reply, body, () => listVariableHistory(store, body.filters.variable, body)),
  );
}
