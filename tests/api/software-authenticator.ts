import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';

// A WebAuthn authenticator in software, for the API tests to drive real ceremonies against the
// server's checks (docs/design.md §8.5): one ES256 key pair, attestation 'none', the client's
// data and the authenticator's data built as a browser and a platform authenticator build them.
// Each answer may be bent one way (another origin, another relying party, no user verification)
// to see the server refuse it. The CBOR encoder is the one @simplewebauthn/server itself uses.

type Options = { challenge: string };
/** How an answer is bent: what the browser claims the page was, the RP ID the key is scoped to, the UV flag. */
export type Bend = { origin?: string; rpID?: string; userVerified?: boolean };

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

export function softwareAuthenticator(origin: string, rpID: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  // The COSE form of the key: kty EC2, alg ES256, crv P-256, x, y.
  const cosePublicKey = encodeCBOR(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
  const credentialId = new Uint8Array(randomBytes(16));
  const id = b64url(credentialId);
  let counter = 0;

  const clientData = (type: string, options: Options, bend: Bend) =>
    Buffer.from(JSON.stringify({ type, challenge: options.challenge, origin: bend.origin ?? origin, crossOrigin: false }));

  function authenticatorData(bend: Bend, attested: boolean): Buffer {
    const flags = FLAG_USER_PRESENT | (bend.userVerified === false ? 0 : FLAG_USER_VERIFIED) | (attested ? FLAG_ATTESTED_DATA : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++counter);
    const parts = [sha256(bend.rpID ?? rpID), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      parts.push(Buffer.alloc(16), length, Buffer.from(credentialId), Buffer.from(cosePublicKey));
    }
    return Buffer.concat(parts);
  }

  return {
    id,
    /** The answer to navigator.credentials.create with these options. */
    register(options: Options, bend: Bend = {}) {
      const attestationObject = encodeCBOR(
        new Map<string, CBORType>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, CBORType>()],
          ['authData', new Uint8Array(authenticatorData(bend, true))],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options, bend)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },
    /** The answer to navigator.credentials.get with these options: the data signed with the key. */
    authenticate(options: Options, bend: Bend = {}) {
      const data = authenticatorData(bend, false);
      const client = clientData('webauthn.get', options, bend);
      const signature = createSign('sha256')
        .update(Buffer.concat([data, sha256(client)]))
        .sign(privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: { clientDataJSON: b64url(client), authenticatorData: b64url(data), signature: b64url(signature) },
      };
    },
  };
}
