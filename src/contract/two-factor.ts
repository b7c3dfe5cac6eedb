import { z } from 'zod/mini';
import { requiredMessages } from './required-messages.ts';
import { text } from './text.ts';
import { blankToMissing } from './fields.ts';

// Two-factor sign-in (docs/design.md §8.5): TOTP set up and confirmed by a code, recovery codes,
// and the second step of a sign-in.

export const CODE_NOT_VALID = 'The code is not valid.';
export const CODE_REQUIRED = 'Please enter the code.';
export const RESET_OWN_TWO_FACTOR = 'You cannot reset your own two-factor sign-in.';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on.';
export const TWO_FACTOR_NOT_ON = 'Two-factor sign-in is not on.';
export const SETUP_FIRST = 'Start the set-up first.';

// A code as typed: an authenticator's 6 digits or a recovery code; spaces and dashes are the
// reader's, not the code's, and are dropped where codes are compared (src/domain/two-factor.ts).
const codeField = z.pipe(
  z.transform(blankToMissing),
  text((iss) => (iss.input === undefined ? CODE_REQUIRED : 'The code must be text.')).check(
    z.trim(),
    z.maxLength(64, 'The code may not be greater than 64 characters.'),
  ),
);

const passwordForCheck = z.pipe(
  z.transform((v) => (v === '' ? undefined : v)),
  text((iss) => (iss.input === undefined ? requiredMessages.password : 'The password must be text.')).check(z.maxLength(255)),
);

/**
 * auth/2fa/status: whether the signed-in user has two-factor sign-in on, for the Security screen to
 * offer set-up or turning it off. Its own call under auth/2fa/, which the policy leaves open, so
 * `me` keeps the shape it has always had.
 */
export const statusResponse = z.object({ twoFactor: z.union([z.literal(0), z.literal(1)]) });
export const setupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const enableRequest = z.object({ code: codeField });
export const enableResponse = z.object({ recoveryCodes: z.array(z.string()) });
export const disableRequest = z.object({ password: passwordForCheck, code: codeField });

export const login2faRequest = z.object({
  mfaTicket: z.pipe(
    z.transform(blankToMissing),
    text((iss) => (iss.input === undefined ? 'The ticket field is required.' : 'The ticket must be text.')).check(z.maxLength(255)),
  ),
  code: codeField,
});
