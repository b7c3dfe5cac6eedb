import { Migrator } from 'kysely/migration';
import { afterEach, expect, it, vi } from 'vitest';
import { connect } from '#server/db/connect.ts';
import { migrate, migrationsFor } from '#server/db/migrate.ts';
import { isUniqueViolation, nameSkeletonDigests } from '#server/repositories/unique.ts';
import { nameKey } from '#src/domain/names.ts';
import { freshDatabase } from '#tests/support/test-server.ts';
import { describeEachDatabase } from './harness.ts';

// A database made before the name skeletons (§8.9), holding look-alike brands, series and models
// side by side as the probe left them: the migration gives every row its skeleton, keeps the
// colliding ones (the later one marked) and reports each, and from then on the index refuses another.

const CYRILLIC_AC1 = '\u0410\u0421-1';
const NB_HYPHENS = 'ACM\u201112\u2011INV';
const CYRILLIC_KM12 = '\u041a\u041c-12';

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
      const models = [
        await model('AC-1', north),
        await model(CYRILLIC_AC1, north),
        await model(CYRILLIC_AC1, south),
        await model('km-12', south),
        // The capitals of 'km-12', and so only its skeleton in capitals.
        await model(CYRILLIC_KM12, south),
      ];

      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await migrate(connection);

      const stored = async (table: 'brands' | 'series' | 'models') =>
        Object.fromEntries(
          (await db.selectFrom(table).select(['id', 'name_skeleton', 'name_caps_skeleton']).execute()).map((row) => [
            row.id,
            { name_skeleton: row.name_skeleton, name_caps_skeleton: row.name_caps_skeleton },
          ]),
        );
      const marked = (digests: Record<string, string>, id: number, columns = Object.keys(digests)) =>
        Object.fromEntries(
          Object.entries(digests).map(([column, digest]) => [column, columns.includes(column) ? `${digest}\u0001${id}` : digest]),
        );
      const ac1 = nameSkeletonDigests('AC-1');
      const acm = nameSkeletonDigests('ACM-12-INV');
      expect(nameSkeletonDigests(CYRILLIC_AC1)).toEqual(ac1);
      expect(nameSkeletonDigests(NB_HYPHENS)).toEqual(acm);
      expect(await stored('brands')).toEqual({ [latin]: ac1, [cyrillic]: marked(ac1, cyrillic) });
      // A look-alike under another parent is no collision.
      expect(await stored('series')).toEqual({ [north]: acm, [northTwin]: marked(acm, northTwin), [south]: acm });
      const [m0, m1, m2, m3, m4] = models as [number, number, number, number, number];
      expect(await stored('models')).toEqual({
        [m0]: ac1,
        [m1]: marked(ac1, m1),
        [m2]: ac1,
        [m3]: nameSkeletonDigests('km-12'),
        [m4]: marked(nameSkeletonDigests(CYRILLIC_KM12), m4, ['name_caps_skeleton']),
      });

      const reported = warn.mock.calls.map((args) => String(args[0])).filter((line) => line.includes('name-skeletons'));
      const about = (table: string, later: number, earlier: number) =>
        reported.filter((line) => line.includes(`${table} ${later} `) && line.includes(`${table} ${earlier} `)).length;
      expect(reported).toHaveLength(7);
      expect(about('brands', cyrillic, latin)).toBe(2);
      expect(about('series', northTwin, north)).toBe(2);
      expect(about('models', m1, m0)).toBe(2);
      expect(about('models', m4, m3)).toBe(1);

      // The unique indexes hold from now on, per parent.
      const refused = async (write: () => Promise<unknown>) => {
        const error = await write().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(isUniqueViolation(error), String(error)).toBe(true);
      };
      await refused(() => insert('brands', { ...named('x'), ...ac1, image_path: '/x', is_active: 1, ...stamps }));
      await refused(() =>
        insert('series', {
          ...named('x'),
          brand_id: cyrillic,
          name_caps_skeleton: acm.name_caps_skeleton,
          image_path: '/x',
          is_active: 1,
          ...stamps,
        }),
      );
      await refused(() =>
        insert('models', { ...named('x'), series_id: south, name_skeleton: ac1.name_skeleton, price_cents: 1, is_active: 1, ...stamps }),
      );
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
