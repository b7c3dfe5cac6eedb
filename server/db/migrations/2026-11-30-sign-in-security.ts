import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// Sign-in that holds (docs/design.md §8.5). Sessions keep the User-Agent of their sign-in and when
// they were last seen (the session check raises it at most once a minute). Users gain two-factor
// sign-in: the TOTP secret sealed (server/auth/sealing.ts), whether it is on (a secret with 0 is a
// set-up not yet confirmed), and the last time step a code was accepted for, so a code is good once
// whichever server sees it. `recovery_codes` holds their SHA-256 and when each was used;
// `mfa_tickets` the SHA-256 of each pending second step of a sign-in, which any server may take.

export function signInSecurity(kind: 'sqlite' | 'postgres'): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) => (kind === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('sessions').addColumn('user_agent', 'varchar(512)').execute();
      await db.schema.alterTable('sessions').addColumn('last_seen_at', 'varchar(32)').execute();
      await sql`update sessions set last_seen_at = created_at`.execute(db);
      await db.schema.alterTable('users').addColumn('two_factor_secret', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('two_factor_on', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('users').addColumn('two_factor_last_step', 'bigint').execute();
      await db.schema
        .createTable('recovery_codes')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id', 'code_hash']).execute();
      await db.schema
        .createTable('mfa_tickets')
        .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('mfa_tickets').execute();
      await db.schema.dropTable('recovery_codes').execute();
      for (const column of ['two_factor_last_step', 'two_factor_on', 'two_factor_secret']) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
      for (const column of ['last_seen_at', 'user_agent']) await db.schema.alterTable('sessions').dropColumn(column).execute();
    },
  };
}
