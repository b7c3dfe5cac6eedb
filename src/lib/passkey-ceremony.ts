import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { WriteResponse } from '#src/contract/common.ts';
import { callApi } from './api-client.ts';

// The browser's half of a passkey ceremony (docs/design.md §8.5): the server's options handed to
// navigator.credentials through @simplewebauthn/browser, its answer handed back. The library is
// imported here, on the action, so it never weighs on the first screen's bundle.

const webAuthn = () => import('@simplewebauthn/browser');

/** A ceremony the browser or the person ended (cancelled, timed out, no authenticator): nothing reached the server. */
export class PasskeyCeremonyError extends Error {}

async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PasskeyCeremonyError(error instanceof Error ? error.message : String(error));
  }
}

/** Registers a passkey of this device for the signed-in user, named `name`; answers the server's message. */
export async function createPasskey(name: string): Promise<WriteResponse> {
  const options = await callApi('auth/passkeys/register-options');
  const { startRegistration } = await webAuthn();
  const response = await ceremony(() => startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }));
  return callApi('auth/passkeys/register', { response, name });
}

/** Signs in with a passkey (of `username`, when one is typed); answers the session's token. */
export async function passkeyToken(username?: string): Promise<string> {
  const options = await callApi('auth/passkeys/login-options', username ? { username } : {});
  const { startAuthentication } = await webAuthn();
  const response = await ceremony(() => startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }));
  return (await callApi('auth/passkeys/login', { response })).token;
}
