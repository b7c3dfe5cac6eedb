import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '#server/db/connect.ts';

// Secrets the server must read back but a copy of the database alone must not give away in clear
// (quotes' share tokens, two-factor secrets): AES-256-GCM under a key kept outside their rows. The
// key is the configured one when a deployment sets it (SHARE_LINK_KEY, TWO_FACTOR_KEY: then the
// database holds ciphertext only), else one made once per database under its name in
// `server_keys` and shared by every server on it (which keeps the secrets out of the rows a
// query or an export shows, but not from whoever holds the whole database).

const IV_BYTES = 12;
const TAG_BYTES = 16;

export type Sealer = { seal(text: string): Promise<string>; unseal(sealed: string): Promise<string | null> };

const keys = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/** The database's own key of this name, made by the first server that needs it. */
function databaseKey(db: Db, name: string): Promise<Buffer> {
  let byName = keys.get(db);
  if (!byName) keys.set(db, (byName = new Map()));
  let key = byName.get(name);
  if (!key) {
    key = (async () => {
      await db
        .insertInto('server_keys')
        .values({ name, value: randomBytes(32).toString('base64') })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64');
    })();
    key.catch(() => byName.delete(name));
    byName.set(name, key);
  }
  return key;
}

/** Seals and opens text under the key `configured` names, or the database's own key `name`. */
export function sealer(db: Db, name: string, configured: string | undefined): Sealer {
  const key = () => (configured !== undefined ? Promise.resolve(createHash('sha256').update(configured).digest()) : databaseKey(db, name));
  return {
    async seal(text) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', await key(), iv);
      return Buffer.concat([iv, cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    },
    // null when it cannot be opened: the key was changed since.
    async unseal(sealed) {
      try {
        const bytes = Buffer.from(sealed, 'base64');
        const decipher = createDecipheriv('aes-256-gcm', await key(), bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
