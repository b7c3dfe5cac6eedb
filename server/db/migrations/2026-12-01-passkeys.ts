import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// Passkeys (docs/design.md §8.5). `passkeys` holds each user's WebAuthn credentials: the
// credential's id and public key (base64url), the signature counter the last sign-in reached, the
// transports the browser named, and the name the user gave it. `passkey_challenges` holds the
// SHA-256 of each ceremony's challenge, what it is for and, for a registration or a sign-in that
// named a username, whose: in the database, so any server finishes a ceremony another began.

export function passkeys(kind: 'sqlite' | 'postgres'): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) => (kind === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('passkeys')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('credential_id', 'varchar(1024)', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'varchar(255)')
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('last_used_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('passkeys_user').on('passkeys').column('user_id').execute();
      await db.schema
        .createTable('passkey_challenges')
        .addColumn('challenge_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('passkey_challenges').execute();
      await db.schema.dropTable('passkeys').execute();
    },
  };
}
