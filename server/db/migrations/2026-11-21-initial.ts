import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Frozen: a later change to the schema is a new migration, never an edit here.

export function initial(kind: 'sqlite' | 'postgres'): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const id = (col: ColumnDefinitionBuilder) => (kind === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement());
  const binary = kind === 'postgres' ? 'bytea' : 'blob';

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', idType, id)
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(255)', (c) => c.notNull())
        .addColumn('username', 'varchar(255)', (c) => c.notNull())
        .addColumn('username_key', 'varchar(255)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role_id', 'integer', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('revoked_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('images')
        .addColumn('sha256', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('ext', 'varchar(8)', (c) => c.notNull())
        .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('bytes', binary, (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('brands')
        .addColumn('id', idType, id)
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(255)', (c) => c.notNull().unique())
        .addColumn('image_path', 'varchar(255)', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('series')
        .addColumn('id', idType, id)
        .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id'))
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(255)', (c) => c.notNull())
        .addColumn('image_path', 'varchar(255)', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('series_brand_name_unique', ['brand_id', 'name_key'])
        .execute();

      await db.schema
        .createTable('models')
        .addColumn('id', idType, id)
        .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id'))
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(255)', (c) => c.notNull())
        .addColumn('capacity_milli_kw', 'bigint')
        .addColumn('price_cents', 'bigint', (c) => c.notNull())
        .addColumn('quantity', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('models_series_name_unique', ['series_id', 'name_key'])
        .execute();

      await db.schema
        .createTable('stock_logs')
        .addColumn('id', idType, id)
        .addColumn('model_id', 'integer', (c) => c.notNull().references('models.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('quantity', 'bigint', (c) => c.notNull())
        .addColumn('quantity_type', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // The log screen reads one model's rows newest first.
      await db.schema.createIndex('stock_logs_model_newest').on('stock_logs').columns(['model_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('variables')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('tr', 'varchar(32)', (c) => c.notNull())
        .addColumn('exch', 'varchar(32)', (c) => c.notNull())
        .addColumn('fare', 'varchar(32)', (c) => c.notNull())
        .addColumn('duties', 'varchar(32)', (c) => c.notNull())
        .addColumn('profit', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      // 1 TR is 3.517 kW; the rest are neutral starting values an admin sets on day one.
      await db
        .insertInto('variables')
        .values({ id: 1, tr: '3.517', exch: '280', fare: '0.05', duties: '0.20', profit: '0.15', updated_at: new Date().toISOString() })
        .execute();
    },

    async down(db: Kysely<any>) {
      for (const table of ['variables', 'stock_logs', 'models', 'series', 'brands', 'images', 'sessions', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
