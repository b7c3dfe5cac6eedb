import { z } from 'zod/mini';
import { idRequest } from './common.ts';
import { blankToMissing, nameField } from './fields.ts';
import { text } from './text.ts';

// Passkeys (docs/design.md §8.5): WebAuthn credentials a user registers on the Security screen and
// signs in with, a full sign-in. The ceremonies' options and answers are WebAuthn's own JSON (as
// @simplewebauthn/browser hands them over); the server checks them with @simplewebauthn/server.

export const PASSKEY_NOT_VALID = 'The passkey could not be checked. Please try again.';
export const PASSKEY_NAME_REQUIRED = 'Please name the passkey.';
export const PASSKEY_TAKEN = 'This passkey is already registered.';

// WebAuthn's binary fields travel as base64url; the lengths are far above what an authenticator
// sends with attestation 'none', and keep a body from carrying megabytes into the checks.
const base64url = (max: number) =>
  z.string({ error: PASSKEY_NOT_VALID }).check(z.maxLength(max, PASSKEY_NOT_VALID), z.regex(/^[A-Za-z0-9_-]+$/, PASSKEY_NOT_VALID));
const credentialFields = { id: base64url(1024), rawId: base64url(1024), type: z.literal('public-key', { error: PASSKEY_NOT_VALID }) };
const transport = z.string({ error: PASSKEY_NOT_VALID }).check(z.maxLength(32, PASSKEY_NOT_VALID), z.regex(/^[a-z-]+$/, PASSKEY_NOT_VALID));
const transports = z.array(transport).check(z.maxLength(8));

/** A new credential as the browser answers navigator.credentials.create (RegistrationResponseJSON). */
export const registrationResponse = z.object(
  {
    ...credentialFields,
    response: z.object(
      { clientDataJSON: base64url(4096), attestationObject: base64url(32_768), transports: z.optional(transports) },
      { error: PASSKEY_NOT_VALID },
    ),
  },
  { error: PASSKEY_NOT_VALID },
);

/** A signed challenge as the browser answers navigator.credentials.get (AuthenticationResponseJSON). */
export const authenticationResponse = z.object(
  {
    ...credentialFields,
    response: z.object(
      {
        clientDataJSON: base64url(4096),
        authenticatorData: base64url(4096),
        signature: base64url(1024),
        userHandle: z.optional(base64url(256)),
      },
      { error: PASSKEY_NOT_VALID },
    ),
  },
  { error: PASSKEY_NOT_VALID },
);

// The options are WebAuthn's (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON), as
// @simplewebauthn/server writes them and the browser takes them.
const credentialDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.optional(z.array(z.string())) });
const options = {
  challenge: z.string(),
  timeout: z.optional(z.number()),
  hints: z.optional(z.array(z.string())),
  extensions: z.optional(z.object({ credProps: z.optional(z.boolean()) })),
};
export const registerOptionsResponse = z.object({
  ...options,
  rp: z.object({ id: z.optional(z.string()), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  excludeCredentials: z.optional(z.array(credentialDescriptor)),
  authenticatorSelection: z.optional(
    z.object({
      authenticatorAttachment: z.optional(z.string()),
      residentKey: z.optional(z.string()),
      requireResidentKey: z.optional(z.boolean()),
      userVerification: z.optional(z.string()),
    }),
  ),
  attestation: z.optional(z.string()),
});
export const loginOptionsResponse = z.object({
  ...options,
  rpId: z.optional(z.string()),
  allowCredentials: z.optional(z.array(credentialDescriptor)),
  userVerification: z.optional(z.string()),
});

export const registerRequest = z.object({ response: registrationResponse, name: nameField(PASSKEY_NAME_REQUIRED) });

export const loginOptionsRequest = z.object({
  username: z.pipe(z.transform(blankToMissing), z.optional(text('The username must be text.').check(z.maxLength(255)))),
});
export const loginRequest = z.object({ response: authenticationResponse });

export const passkeyRow = z.object({
  id: z.int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type PasskeyRow = z.infer<typeof passkeyRow>;
export const passkeysResponse = z.object({ passkeys: z.array(passkeyRow) });
export const deletePasskeyRequest = idRequest();
