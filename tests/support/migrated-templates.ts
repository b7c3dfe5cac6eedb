import type { TestProject } from 'vitest/node';
import type { DatabaseKind } from '#server/db/connect.ts';
import { databaseKinds, migratedTemplate } from './test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Per database kind, the URL of a migrated database that servers start from copies of. */
    templates?: Partial<Record<DatabaseKind, string>>;
  }
}

/**
 * Vitest's global set-up for the API suite: one migrated template per database kind for the whole
 * run, dropped at its end, instead of some fifty servers per kind each running every migration.
 * The migrations themselves still run here, on both databases, every run.
 */
export default async function setup(project: TestProject) {
  const templates = await Promise.all(databaseKinds.map(async (kind) => ({ kind, ...(await migratedTemplate(kind)) })));
  project.provide('templates', Object.fromEntries(templates.map(({ kind, url }) => [kind, url])));
  return async () => {
    for (const template of templates) await template.drop();
  };
}
