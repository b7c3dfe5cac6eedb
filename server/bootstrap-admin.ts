import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from './auth/passwords.ts';
import type { Connection, Db } from './db/connect.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { UNAUDITED } from './repositories/audit.ts';
import { insertUser } from './repositories/users.ts';
import { ROLE_ADMIN } from '#src/domain/roles.ts';

const hasUsers = async (db: Db) => (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;

/**
 * On a database without users, creates the first admin. Without ADMIN_PASSWORD a random one is
 * made and printed once: it is never logged again and never stored in clear. Processes starting
 * together create it once: the check and the insert run under the start-up lock, and only the
 * process that inserted prints the password.
 */
export async function bootstrapAdmin(connection: Connection, username: string, password: string | undefined, log: FastifyBaseLogger) {
  // Every start but the first ends here, without the lock or a hash.
  if (await hasUsers(connection.db)) return;
  const chosen = password ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(chosen);
  const created = await withStartupLock(connection, async (db) => {
    if (await hasUsers(db)) return false;
    // Nobody is signed in yet, so no one made this write: it leaves no audit entry (README).
    await insertUser(db, UNAUDITED, { name: 'Administrator', username, passwordHash, roleId: ROLE_ADMIN, isActive: 1 });
    return true;
  });
  if (!created) return;
  log.info({ username }, 'created the first admin');
  if (!password) process.stdout.write(`\nFirst admin created. Sign in as "${username}" with password: ${chosen}\n\n`);
}
