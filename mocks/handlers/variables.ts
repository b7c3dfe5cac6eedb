import { fieldError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done } from '#src/contract/messages.ts';
import type { HistoryRow, Variables } from '#src/contract/variables.ts';
import { variablesFor } from '#src/domain/variables-seen.ts';
import { exchAsSeen, variableChanges } from '#src/domain/variable-history.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { compareText } from '#mocks/names.ts';
import { pagedAnswer } from '#mocks/paged-answer.ts';
import { withAuthors } from '#mocks/authors.ts';
import { nextId } from '#mocks/store.ts';
import type { MockStore, MockVariableChange } from '#mocks/store-shape.ts';
import { auditedUpdate, versionOf } from '#mocks/versions.ts';
import { VARIABLES_ENTITY_NAME } from '#src/domain/audit.ts';
import { variableFields } from '#mocks/audit.ts';

// The five variables are kept exactly as entered (the contract trims them): "0.20" stays "0.20".
// They share one version, raised by both update calls; each changed value gets a history row.

/**
 * As the server's writeVariables: version check, rate check, then the values, their history and
 * their `variables.update` entry together; answers the version it gave them.
 */
function writeVariables(
  store: MockStore,
  values: Partial<Variables>,
  user: { id: number; name: string },
  version?: number,
  previousExch?: string,
): number {
  auditedUpdate(store, user, {
    record: store.variables,
    expectedVersion: version,
    check: () => {
      if (!exchAsSeen(store.variables.exch, previousExch)) throw fieldError('newExch', fieldMessages.exchChangedMeanwhile);
    },
    set: (variables) => {
      const createdAt = new Date().toISOString();
      for (const change of variableChanges(variables, values)) {
        store.variableHistory.push({ id: nextId(store.variableHistory), ...change, userId: user.id, createdAt });
      }
      Object.assign(variables, values);
    },
    // A save that changes nothing still logs its action, with changes {} (docs/design.md §7.2).
    audit: { action: 'variables.update', name: () => VARIABLES_ENTITY_NAME, fields: variableFields },
  });
  return versionOf(store.variables);
}

// Newest first; rows of the same instant, the later id first.
const newestFirst = (a: MockVariableChange, b: MockVariableChange) => compareText(b.createdAt, a.createdAt) || b.id - a.id;

export const variableCalls: MockCall[] = [
  defineCall('variables', ({ store, user }) => ({
    variables: variablesFor(user, { ...store.variables, version: versionOf(store.variables) }),
  })),

  defineCall('variables/update-variables', ({ body: { version, ...values }, user, store }) => {
    writeVariables(store, values, user, version);
    return done.variablesUpdated;
  }),

  defineCall('variables/update-exch', ({ body, user, store }) => {
    const version = writeVariables(store, { exch: body.exch }, user, body.version, body.previousExch);
    return { ...done.exchUpdated, version };
  }),

  defineCall('variables/history', ({ body, store }) => {
    const { variable } = body.filters;
    const changes = store.variableHistory.filter((row) => variable === undefined || row.variable === variable).sort(newestFirst);
    const rows = withAuthors(store, changes, (row, author): HistoryRow => ({
      id: row.id,
      variable: row.variable,
      oldValue: row.oldValue,
      newValue: row.newValue,
      userName: author.name,
      createdAt: row.createdAt,
    }));
    return pagedAnswer('variables/history', body, rows);
  }),
];
