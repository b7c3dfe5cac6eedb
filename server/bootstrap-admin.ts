import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from './auth/passwords.ts';
import type { Db } from './db/connect.ts';
import { userKeys } from './repositories/unique.ts';

/**
 * On a database without users, creates the first admin. Without ADMIN_PASSWORD a random one is
 * made and printed once: it is never logged again and never stored in clear.
 */
export async function bootstrapAdmin(db: Db, username: string, password: string | undefined, log: FastifyBaseLogger) {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const chosen = password ?? randomBytes(12).toString('base64url');
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      name: 'Administrator',
      username,
      ...userKeys('Administrator', username),
      password_hash: await hashPassword(chosen),
      role_id: 1,
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  log.info({ username }, 'created the first admin');
  if (!password) process.stdout.write(`\nFirst admin created. Sign in as "${username}" with password: ${chosen}\n\n`);
}
