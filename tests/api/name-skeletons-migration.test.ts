import { Migrator } from 'kysely/migration';
import { afterEach, expect, it, vi } from 'vitest';
import { connect } from '#server/db/connect.ts';
import { migrate, migrationsFor } from '#server/db/migrate.ts';
import { isUniqueViolation, skeletonDigest } from '#server/repositories/unique.ts';
import { nameKey } from '#src/domain/names.ts';
import { freshDatabase } from '#tests/support/test-server.ts';
import { describeEachDatabase } from './harness.ts';

// A database made before the name skeletons (§8.9), holding look-alike brands, series and models
// side by side as the probe left them: the migration gives every row its skeleton, keeps the
// colliding ones (the later one marked) and reports each, and from then on the index refuses another.

const CYRILLIC_AC1 = '\u0410\u0421-1';
const NB_HYPHENS = 'ACM\u201112\u2011INV';

describeEachDatabase('name skeletons migration', (kind) => {
  afterEach(() => vi.restoreAllMocks());

  it('computes every skeleton, keeps look-alike rows of one parent and reports them, then refuses another', async () => {
    const database = await freshDatabase(kind);
    const connection = connect(database.url);
    const { db } = connection;
    try {
      const before = Object.entries(migrationsFor(kind)).filter(([name]) => name < '2026-11-26-name-skeletons');
      const old = new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(before) } });
      expect((await old.migrateToLatest()).error).toBeUndefined();

      const now = new Date().toISOString();
      const stamps = { created_at: now, updated_at: now };
      // Names as the app stored them then: NFKC, with the NFKC lower-cased key.
      const named = (name: string) => ({ name: name.normalize('NFKC'), name_key: nameKey(name) });
      const insert = async (table: 'brands' | 'series' | 'models', values: Record<string, unknown>) =>
        (
          await db
            .insertInto(table)
            .values(values as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const brand = (name: string) => insert('brands', { ...named(name), image_path: '/x', is_active: 1, ...stamps });
      const series = (name: string, brandId: number) =>
        insert('series', { ...named(name), brand_id: brandId, image_path: '/x', is_active: 1, ...stamps });
      const model = (name: string, seriesId: number) =>
        insert('models', { ...named(name), series_id: seriesId, price_cents: 100, is_active: 1, ...stamps });

      const latin = await brand('AC-1');
      const cyrillic = await brand(CYRILLIC_AC1);
      const north = await series('ACM-12-INV', latin);
      const northTwin = await series(NB_HYPHENS, latin);
      const south = await series(NB_HYPHENS, cyrillic);
      const models = [await model('AC-1', north), await model(CYRILLIC_AC1, north), await model(CYRILLIC_AC1, south)];

      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await migrate(connection);

      const skeletons = async (table: 'brands' | 'series' | 'models') =>
        Object.fromEntries(
          (await db.selectFrom(table).select(['id', 'name_skeleton']).execute()).map((row) => [row.id, row.name_skeleton]),
        );
      const ac1 = skeletonDigest('AC-1');
      const acm = skeletonDigest('ACM-12-INV');
      expect(skeletonDigest(CYRILLIC_AC1)).toBe(ac1);
      expect(skeletonDigest(NB_HYPHENS)).toBe(acm);
      expect(await skeletons('brands')).toEqual({ [latin]: ac1, [cyrillic]: `${ac1}\u0001${cyrillic}` });
      // A look-alike under another parent is no collision.
      expect(await skeletons('series')).toEqual({ [north]: acm, [northTwin]: `${acm}\u0001${northTwin}`, [south]: acm });
      expect(await skeletons('models')).toEqual({ [models[0]!]: ac1, [models[1]!]: `${ac1}\u0001${models[1]}`, [models[2]!]: ac1 });

      const reported = warn.mock.calls.map((args) => String(args[0])).filter((line) => line.includes('name-skeletons'));
      expect(reported).toHaveLength(3);
      expect(reported.filter((line) => line.includes(`brands ${cyrillic} `) && line.includes(`brands ${latin} `))).toHaveLength(1);
      expect(reported.filter((line) => line.includes(`series ${northTwin} `) && line.includes(`series ${north} `))).toHaveLength(1);
      expect(reported.filter((line) => line.includes(`models ${models[1]} `) && line.includes(`models ${models[0]} `))).toHaveLength(1);

      // The unique indexes hold from now on, per parent.
      const refused = async (write: () => Promise<unknown>) => {
        const error = await write().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(isUniqueViolation(error), String(error)).toBe(true);
      };
      await refused(() => insert('brands', { ...named('x'), name_skeleton: ac1, image_path: '/x', is_active: 1, ...stamps }));
      await refused(() =>
        insert('series', { ...named('x'), brand_id: cyrillic, name_skeleton: acm, image_path: '/x', is_active: 1, ...stamps }),
      );
      await refused(() =>
        insert('models', { ...named('x'), series_id: south, name_skeleton: ac1, price_cents: 1, is_active: 1, ...stamps }),
      );
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
