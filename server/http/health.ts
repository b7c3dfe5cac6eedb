import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { messages } from '#src/contract/messages.ts';
import type { Db } from '#server/db/connect.ts';
import { settledWithin } from './within.ts';

/** How long the database has to answer before the process says it is not ready. */
export const READY_WITHIN_MS = 1_000;

const ok = { status: 'ok' } as const;

/**
 * Resolves when the database answers and holds the schema this build expects: its newest
 * migration recorded as run. Rejects otherwise: no schema at all (no `kysely_migration` table), an
 * older one, or no answer. Migrations run in order, so the newest one recorded means all of them.
 */
export async function schemaIsCurrent(db: Db, newestMigration: string): Promise<void> {
  const { rows } = await sql`SELECT name FROM kysely_migration WHERE name = ${newestMigration}`.execute(db);
  if (rows.length === 0) throw new Error(`the database lacks the migration ${newestMigration}`);
}

/**
 * `GET /healthz`: the process runs. `GET /readyz`: it can serve, the database answering within a
 * second with the schema this build expects (docs/design.md §8.9); else 503 with the §4 error body. For a proxy or an orchestrator: no token, nothing more
 * said. Declared before the app's fallback, so neither is answered by index.html.
 */
export function installHealth(app: FastifyInstance, ready: () => Promise<void>) {
  app.get('/healthz', async () => ok);
  app.get('/readyz', async (_request, reply) =>
    (await settledWithin(async () => ready().then(() => true), READY_WITHIN_MS)) ? ok : reply.code(503).send(messages.notReady),
  );
}
