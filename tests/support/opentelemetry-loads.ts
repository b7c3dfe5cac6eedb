import { registerHooks } from 'node:module';

// Run by tests/api/tracing.test.ts in a process of its own (`node tests/support/opentelemetry-loads.ts`):
// builds the app with this process's environment and prints the OpenTelemetry packages it loaded.

const packages = new Set<string>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    const name = /\/node_modules\/(@opentelemetry\/[^/]+)\//.exec(resolved.url)?.[1];
    if (name) packages.add(name);
    return resolved;
  },
});

const { buildApp } = await import('#server/app.ts');
const { readConfig } = await import('#server/config.ts');
const { app } = await buildApp({ ...readConfig(), databaseUrl: 'sqlite::memory:' }, false);
await app.close();
process.stdout.write(JSON.stringify([...packages].sort()));
