import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done, messages } from '#src/contract/messages.ts';
import { PASSKEY_NOT_VALID, PASSKEY_TAKEN } from '#src/contract/passkeys.ts';
import type { LoginThrottle } from '#src/domain/login-throttle.ts';
import { challengeOf, PASSKEY_ALGORITHMS, PASSKEY_TIMEOUT_MS, relyingParty, RP_NAME } from '#src/domain/passkeys.ts';
import type { Api } from '#server/http/register-call.ts';
import {
  addPasskey,
  credentialsOf,
  findCredential,
  keepChallenge,
  listPasskeys,
  notePasskeyUsed,
  removePasskey,
  takeChallenge,
} from '#server/repositories/passkeys.ts';
import { purgeEndedSessions, signIn } from '#server/repositories/sessions.ts';
import { inTransaction } from '#server/repositories/transaction.ts';
import { findUserByUsername } from '#server/repositories/users.ts';
import { loginGuesses } from './login-guess.ts';

// Passkeys (docs/design.md §8.5): WebAuthn with user verification required, the relying party
// taken from PUBLIC_URL, every challenge single-use and kept in the database. A sign-in with a
// passkey is a whole one: the passkey is both what the user has and, verified, what they know.

const asTransports = (names: string[]) => names as AuthenticatorTransport[];

/** The library throws on an answer it cannot read: for us that is an answer that does not check out. */
const checked = <T>(verification: Promise<T>) => verification.catch(() => null);

export function passkeyRoutes({ call, db }: Api, throttle: LoginThrottle, publicUrl: string, sessionTtlHours: number) {
  const guess = loginGuesses(throttle);
  const { rpID, origin } = relyingParty(publicUrl);
  /** A user's passkeys as the library names them: not offered again at registration, asked for at sign-in. */
  const credentialsFor = async (userId: number) =>
    (await credentialsOf(db, userId)).map((credential) => ({ ...credential, transports: asTransports(credential.transports) }));

  call('auth/passkeys', async ({ user }) => ({ passkeys: await listPasskeys(db, user.id) }));

  call('auth/passkeys/register-options', async ({ user }) => {
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: user.username,
      userDisplayName: user.name,
      userID: new TextEncoder().encode(`user-${user.id}`),
      timeout: PASSKEY_TIMEOUT_MS,
      attestationType: 'none',
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      excludeCredentials: await credentialsFor(user.id),
      // A passkey signs in without a username, so the credential lives on the authenticator.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await keepChallenge(db, options.challenge, 'register', user.id);
    return options;
  });

  call('auth/passkeys/register', async ({ body, user }) => {
    const challenge = challengeOf(body.response.response.clientDataJSON);
    const taken = challenge === null ? undefined : await takeChallenge(db, challenge, 'register');
    if (!taken || taken.userId !== user.id) throw fieldError('response', PASSKEY_NOT_VALID);
    const verification = await checked(
      verifyRegistrationResponse({
        response: { ...body.response, clientExtensionResults: {} },
        expectedChallenge: challenge!,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      }),
    );
    if (!verification?.verified) throw fieldError('response', PASSKEY_NOT_VALID);
    const { credential } = verification.registrationInfo;
    const added = await addPasskey(db, user, {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: body.response.response.transports ?? [],
      name: body.name,
    });
    if (!added) throw fieldError('response', PASSKEY_TAKEN);
    return done.passkeyAdded;
  });

  call('auth/passkeys/delete', async ({ body, user }) => {
    if (!(await removePasskey(db, user, body.id))) throw fieldError('id', fieldMessages.unknownPasskey);
    return done.passkeyRemoved;
  });

  // A username narrows the sign-in to that user's passkeys; without one the browser offers those
  // it keeps for this site. An unknown username gets an answer of the same shape.
  call('auth/passkeys/login-options', async ({ body }) => {
    const user = body.username === undefined ? undefined : await findUserByUsername(db, body.username);
    const options = await generateAuthenticationOptions({
      rpID,
      timeout: PASSKEY_TIMEOUT_MS,
      userVerification: 'required',
      allowCredentials: user ? await credentialsFor(user.id) : [],
    });
    await keepChallenge(db, options.challenge, 'login', user?.id ?? null);
    return options;
  });

  // Every way to fail answers alike (401, the wrong-password message) and counts as a failed
  // sign-in of the credential's user (or of the unknown credential), on every server.
  call('auth/passkeys/login', async ({ body, request }) => {
    const { response } = body;
    const credential = await findCredential(db, response.id);
    const key = await guess(credential?.username ?? response.id, request);
    const challenge = challengeOf(response.response.clientDataJSON);
    const taken = challenge === null ? undefined : await takeChallenge(db, challenge, 'login');
    const refused = () => new HttpError(401, messages.badCredentials);
    if (!taken || !credential || credential.is_active !== 1) throw refused();
    if (taken.userId !== null && taken.userId !== credential.user_id) throw refused();
    const verification = await checked(
      verifyAuthenticationResponse({
        response: { ...response, clientExtensionResults: {} },
        expectedChallenge: challenge!,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: response.id,
          publicKey: new Uint8Array(Buffer.from(credential.public_key, 'base64url')),
          counter: Number(credential.counter),
          transports: asTransports(credential.transports?.split(',') ?? []),
        },
      }),
    );
    if (!verification?.verified) throw refused();
    const user = { id: credential.user_id, name: credential.name };
    const token = await inTransaction(db, async (trx) => {
      await notePasskeyUsed(trx, credential.id, verification.authenticationInfo.newCounter);
      return signIn(trx, user, sessionTtlHours, request.headers['user-agent']);
    });
    await throttle.clear(key);
    await purgeEndedSessions(db);
    return { token };
  });
}
