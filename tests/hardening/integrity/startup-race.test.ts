import { expect, it } from 'vitest';
import { describeEachDatabase } from '#tests/api/harness.ts';
import { ADMIN_USERNAME } from './server-process.ts';
import { openSharedDatabase, sized, soakTimeout } from './shared-database.ts';

const ROUNDS = sized(3, 30);
const PROCESSES = 3;

describeEachDatabase('server processes starting together on a new database', (kind) => {
  it(
    `${ROUNDS} rounds of ${PROCESSES} processes at once: all come up and exactly one admin exists`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const shared = await openSharedDatabase(kind);
        try {
          const started = await Promise.allSettled(Array.from({ length: PROCESSES }, () => shared.start()));
          expect(
            started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : [])),
            `round ${round}`,
          ).toEqual([]);
          await shared.inspect(async (db) => {
            const users = await db.selectFrom('users').select(['username', 'role_id']).execute();
            expect(users, `round ${round}`).toEqual([{ username: ADMIN_USERNAME, role_id: 1 }]);
          });
        } finally {
          await shared.close();
        }
      }
    },
    soakTimeout,
  );
});
