import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { Db } from '#server/db/connect.ts';

/**
 * A query built and compiled once per database, then run with each call's values put in the
 * places their stand-ins took: for a query asked by every request (the session check), whose
 * building and compiling by Kysely costs more CPU than the database's answer to it.
 * `build` receives a stand-in string for each value; only those parameters are replaced, so the
 * stand-ins must not be a value the query holds itself.
 */
export function compiledOnce<Name extends string>(
  names: readonly Name[],
  build: (db: Db, values: Record<Name, string>) => Compilable,
): (db: Db, values: Record<Name, unknown>) => CompiledQuery {
  const standIns = Object.fromEntries(names.map((name) => [name, `\u0000${name}\u0000`])) as Record<Name, string>;
  const slots = new Map<unknown, Name>(names.map((name) => [standIns[name], name]));
  const compiled = new WeakMap<Db, CompiledQuery>();
  return (db, values) => {
    let query = compiled.get(db);
    if (!query) compiled.set(db, (query = build(db, standIns).compile()));
    const parameters = query.parameters.map((parameter) => {
      const name = slots.get(parameter);
      return name === undefined ? parameter : values[name];
    });
    return { ...query, queryId: createQueryId(), parameters };
  };
}
