import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.
//
// Quotes (docs/design.md §8.1). A quote is one revision of a number; `status` holds the stored
// statuses only (`expired` is derived from `valid_until`). The five variables, EXCH's set time and
// the grand total stay null while the quote follows today's variables (a draft), and are written
// once, by its send (a draft revised with keepRate carries the variables it kept). Each line keeps
// the model's names, capacity and figures from the send on; a draft's are read from the catalogue.
// Figures are whole rupees (bigint: a line of 10,000 units passes 2^31). The share token is kept
// as its SHA-256 for the public page's lookup and sealed (AES-GCM) for quotes/get's link
// (server/repositories/quotes-share.ts); the sealing key lives in `server_keys` unless
// SHARE_LINK_KEY is set. `quote_sequences` hands out each business year's numbers, gapless.

export function quotes(kind: 'sqlite' | 'postgres'): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) => (kind === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('quote_sequences')
        .addColumn('year', 'integer', (c) => c.primaryKey())
        .addColumn('last', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('server_keys')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'varchar(255)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('quotes')
        .addColumn('id', idType, id)
        .addColumn('number', 'varchar(16)', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('label_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('customer_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('customer_name_key', 'varchar(255)', (c) => c.notNull())
        .addColumn('customer_phone', 'varchar(32)')
        .addColumn('note', 'varchar(1000)', (c) => c.notNull())
        .addColumn('valid_until', 'varchar(10)', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('sent_at', 'varchar(32)')
        .addColumn('decided_at', 'varchar(32)')
        .addColumn('lost_reason', 'varchar(32)')
        .addColumn('lost_note', 'varchar(1000)')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('tr', 'varchar(32)')
        .addColumn('exch', 'varchar(32)')
        .addColumn('fare', 'varchar(32)')
        .addColumn('duties', 'varchar(32)')
        .addColumn('profit', 'varchar(32)')
        .addColumn('exch_set_at', 'varchar(32)')
        .addColumn('grand_total', 'bigint')
        .addColumn('share_token_hash', 'varchar(64)', (c) => c.unique())
        .addColumn('share_token_sealed', 'varchar(255)')
        .addUniqueConstraint('quotes_number_revision', ['number', 'revision'])
        .execute();
      // One draft per number at a time, whatever two writers do at once.
      await db.schema
        .createIndex('quotes_one_draft')
        .on('quotes')
        .column('number')
        .unique()
        .where(sql.ref('status'), '=', 'draft')
        .execute();
      // The list reads newest first (by id), whole, by status or by its owner (Sales).
      await db.schema.createIndex('quotes_status_order').on('quotes').columns(['status', 'id']).execute();
      await db.schema.createIndex('quotes_owner_order').on('quotes').columns(['created_by', 'id']).execute();
      await db.schema.createIndex('quotes_owner_status_order').on('quotes').columns(['created_by', 'status', 'id']).execute();
      await db.schema.createIndex('quotes_label').on('quotes').column('label_key').execute();
      await db.schema.createIndex('quotes_customer').on('quotes').column('customer_name_key').execute();

      await db.schema
        .createTable('quote_lines')
        .addColumn('id', idType, id)
        .addColumn('quote_id', 'integer', (c) => c.notNull().references('quotes.id'))
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('model_id', 'integer', (c) => c.notNull().references('models.id'))
        .addColumn('qty', 'integer', (c) => c.notNull())
        .addColumn('discount_per_unit', 'bigint', (c) => c.notNull())
        .addColumn('brand_name', 'varchar(255)')
        .addColumn('series_name', 'varchar(255)')
        .addColumn('model_name', 'varchar(255)')
        .addColumn('capacity_milli_kw', 'integer')
        .addColumn('unit_total', 'bigint')
        .addColumn('line_total', 'bigint')
        .addUniqueConstraint('quote_lines_quote_line', ['quote_id', 'line_no'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['quote_lines', 'quotes', 'server_keys', 'quote_sequences']) await db.schema.dropTable(table).execute();
    },
  };
}
