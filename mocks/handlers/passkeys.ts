import { fieldError, HttpError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done, messages } from '#src/contract/messages.ts';
import { PASSKEY_NOT_VALID, PASSKEY_TAKEN } from '#src/contract/passkeys.ts';
import { nameKey } from '#src/domain/names.ts';
import { challengeOf, PASSKEY_ALGORITHMS, PASSKEY_CHALLENGE_MS, PASSKEY_TIMEOUT_MS, RP_NAME } from '#src/domain/passkeys.ts';
import { recordAudit } from '#mocks/audit.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import { base64url } from '#mocks/encode.ts';
import { signIn } from '#mocks/sessions.ts';
import { nextId } from '#mocks/store.ts';
import type { MockPasskeyChallenge, MockStore } from '#mocks/store-shape.ts';
import { clearGuesses, guess } from './login-guess.ts';

// As the server's passkey routes (server/routes/passkeys.ts), but for the signature: checking a
// WebAuthn answer takes the attestation's CBOR and the key's COSE form, which the browser has no
// cheap way to read. So the mocks take any well-formed answer that carries a challenge they issued
// (once, in time, for that ceremony) and, to sign in, names a credential they registered: enough
// for the screens, which never see a signature either. The server's checks are tested against it.

// The page's own host is the relying party the browser checks; tests in Node have none.
const rpId = () => globalThis.location?.hostname ?? 'localhost';

function newChallenge(store: MockStore, purpose: MockPasskeyChallenge['purpose'], userId: number | null): string {
  const challenge = base64url(crypto.getRandomValues(new Uint8Array(32)));
  store.passkeyChallenges[challenge] = { purpose, userId, expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_MS).toISOString() };
  return challenge;
}

/** Uses the answer's challenge up, as the server's takeChallenge: the challenge's record, or undefined. */
function takeChallenge(store: MockStore, clientDataJSON: string, purpose: MockPasskeyChallenge['purpose']) {
  const challenge = challengeOf(clientDataJSON);
  const kept = challenge === null ? undefined : store.passkeyChallenges[challenge];
  if (!kept || kept.purpose !== purpose || kept.expiresAt <= new Date().toISOString()) return undefined;
  delete store.passkeyChallenges[challenge!];
  return kept;
}

const credentialsOf = (store: MockStore, userId: number) =>
  store.passkeys.filter((passkey) => passkey.userId === userId).map((passkey) => ({ id: passkey.credentialId, type: 'public-key' }));

export const passkeyCalls: MockCall[] = [
  defineCall('auth/passkeys', ({ user, store }) => ({
    passkeys: store.passkeys
      .filter((passkey) => passkey.userId === user.id)
      .map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
  })),

  defineCall('auth/passkeys/register-options', ({ user, store }) => ({
    challenge: newChallenge(store, 'register', user.id),
    rp: { name: RP_NAME, id: rpId() },
    user: { id: base64url(new TextEncoder().encode(`user-${user.id}`)), name: user.username, displayName: user.name },
    pubKeyCredParams: PASSKEY_ALGORITHMS.map((alg) => ({ alg, type: 'public-key' })),
    timeout: PASSKEY_TIMEOUT_MS,
    attestation: 'none',
    excludeCredentials: credentialsOf(store, user.id),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  })),

  defineCall('auth/passkeys/register', ({ body, user, store }) => {
    const kept = takeChallenge(store, body.response.response.clientDataJSON, 'register');
    if (kept?.userId !== user.id) throw fieldError('response', PASSKEY_NOT_VALID);
    if (store.passkeys.some((passkey) => passkey.credentialId === body.response.id)) throw fieldError('response', PASSKEY_TAKEN);
    const createdAt = new Date().toISOString();
    store.passkeys.push({
      id: nextId(store.passkeys),
      userId: user.id,
      credentialId: body.response.id,
      name: body.name,
      createdAt,
      lastUsedAt: null,
    });
    recordAudit(store, user, {
      action: 'auth.passkey-add',
      entityId: user.id,
      entityName: user.name,
      changes: { name: [null, body.name] },
    });
    return done.passkeyAdded;
  }),

  defineCall('auth/passkeys/delete', ({ body, user, store }) => {
    const index = store.passkeys.findIndex((passkey) => passkey.id === body.id && passkey.userId === user.id);
    if (index < 0) throw fieldError('id', fieldMessages.unknownPasskey);
    const [removed] = store.passkeys.splice(index, 1);
    recordAudit(store, user, {
      action: 'auth.passkey-remove',
      entityId: user.id,
      entityName: user.name,
      changes: { name: [removed!.name, null] },
    });
    return done.passkeyRemoved;
  }),

  defineCall('auth/passkeys/login-options', ({ body, store }) => {
    const key = body.username === undefined ? undefined : nameKey(body.username);
    const user = key === undefined ? undefined : store.users.find((row) => nameKey(row.username) === key);
    return {
      challenge: newChallenge(store, 'login', user?.id ?? null),
      rpId: rpId(),
      timeout: PASSKEY_TIMEOUT_MS,
      userVerification: 'required',
      allowCredentials: user ? credentialsOf(store, user.id) : [],
    };
  }),

  defineCall('auth/passkeys/login', ({ body, store }) => {
    const passkey = store.passkeys.find((row) => row.credentialId === body.response.id);
    const user = passkey && store.users.find((row) => row.id === passkey.userId);
    const key = nameKey(user?.username ?? body.response.id);
    guess(store, key);
    const kept = takeChallenge(store, body.response.response.clientDataJSON, 'login');
    if (!kept || !passkey || !user || user.isActive !== 1 || (kept.userId !== null && kept.userId !== user.id)) {
      throw new HttpError(401, messages.badCredentials);
    }
    passkey.lastUsedAt = new Date().toISOString();
    clearGuesses(store, key);
    return { token: signIn(store, user) };
  }),
];
