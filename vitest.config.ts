import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single one on two cores, so one core
    // idled while the API tests waited on PostgreSQL, fsync and sockets. Never fewer than two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      // Pure rules, and the mocks with a store reset after each test (tests/mocks/harness.ts): their
      // files share workers instead of spawning one each, which cost more than most files' tests.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false } },
      { test: { name: 'mocks', include: ['tests/mocks/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        plugins: [react()],
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost/' } },
          setupFiles: ['tests/ui/setup.ts'],
          // Files share workers too: a fresh jsdom worker per file cost more CPU than the tests. What
          // leaked between files (the reload mock, the mock API between files) is per worker in
          // tests/ui/setup.ts; storage, handlers, the mock store and mocks reset after each test.
          isolate: false,
          // A deadline, not a measure: on a loaded machine one journey through the app may take 10 s or more.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // The API suite signs in hundreds of times: at OWASP's scrypt cost (N=2^17, ~0.5 s of a core
          // each) that alone took minutes. Its servers hash at a token cost instead, as Laravel's
          // BCRYPT_ROUNDS=4 in phpunit.xml (tests/api/harness.ts); the hardening project keeps OWASP's.
          provide: { passwordCost: { N: 2 ** 4, r: 8, p: 1 } },
          // Each file builds its own server on its own database, a copy of one migrated per run.
          globalSetup: ['tests/support/migrated-templates.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'hardening',
          include: ['tests/hardening/**/*.test.ts'],
          environment: 'node',
          // Attacks, load and crashes against real server processes: bounded for CI, longer with SOAK=1.
          // Its npm scripts run one file at a time (--no-file-parallelism): several files measure how
          // long a server stalls, and on two cores a second file's servers and database made the
          // measure theirs (a /healthz during two imports waited 2.4 s, the 300,000-row page 406 ms).
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
