// Passkeys (docs/design.md §8.5), the same on the server and in the mocks: the relying party, how
// long a ceremony may take, and the challenge a browser's answer carries.

/** The relying party's name, shown by the browser and the authenticator. */
export const RP_NAME = 'AC Back-office';

/**
 * The signature algorithms a passkey may use, by COSE number: EdDSA, ES256, RS256, the ones every
 * platform authenticator offers. Named, so the library's default does not add ML-DSA-44 where
 * Node's Web Crypto has it (experimental in Node 24), whose 2.4 kB signatures nothing here needs.
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];

/** How long a ceremony's challenge is good for: the browser gives up after a minute (the options' timeout). */
export const PASSKEY_TIMEOUT_MS = 60_000;
export const PASSKEY_CHALLENGE_MS = 2 * PASSKEY_TIMEOUT_MS;

/**
 * The relying party of a public address: its ID is the host name (browsers refuse an IP address,
 * so the address must name a domain, `localhost` included), the origin the scheme, host and port
 * a browser's answer must carry.
 */
export function relyingParty(publicUrl: string): { rpID: string; origin: string } {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * The challenge a browser's clientDataJSON (base64url) says it signed, or null when it is not
 * such a text: the server takes that challenge up before it checks the rest.
 */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const json: unknown = JSON.parse(atob(clientDataJSON.replace(/-/g, '+').replace(/_/g, '/')));
    const challenge = (json as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}
