import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrationsFor } from '#server/db/migrate.ts';

const folder = new URL('../../server/db/migrations/', import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));

describe('migrations', () => {
  it('are listed once each, in the order of their names, which is the order Kysely runs them in', () => {
    const listed = Object.keys(migrationsFor('sqlite'));
    expect(listed).toEqual([...listed].sort());
    expect(listed).toEqual(files.map((name) => name.replace(/\.ts$/, '')).sort());
  });

  it('import no live code of ours, so a later change cannot change what a step did', () => {
    for (const name of files) {
      const imports = [...readFileSync(new URL(name, folder), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect(
        imports.filter((source) => source!.startsWith('#') || source!.startsWith('.')),
        name,
      ).toEqual([]);
    }
  });
});
