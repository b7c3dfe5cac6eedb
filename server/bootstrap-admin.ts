import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from './auth/passwords.ts';
import type { Db } from './db/connect.ts';
import { insertUser } from './repositories/users.ts';
import { ROLE_ADMIN } from '#src/domain/roles.ts';

/**
 * On a database without users, creates the first admin. Without ADMIN_PASSWORD a random one is
 * made and printed once: it is never logged again and never stored in clear.
 */
export async function bootstrapAdmin(db: Db, username: string, password: string | undefined, log: FastifyBaseLogger) {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const chosen = password ?? randomBytes(12).toString('base64url');
  await insertUser(db, { name: 'Administrator', username, passwordHash: await hashPassword(chosen), roleId: ROLE_ADMIN, isActive: 1 });
  log.info({ username }, 'created the first admin');
  if (!password) process.stdout.write(`\nFirst admin created. Sign in as "${username}" with password: ${chosen}\n\n`);
}
