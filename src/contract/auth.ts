import { z } from 'zod/mini';
import { activeFlag } from './common.ts';
import { blankToMissing, passwordField } from './fields.ts';
import { text } from './text.ts';
import { requiredMessages } from './required-messages.ts';

export const loginRequest = z.object({
  username: z.pipe(
    z.transform(blankToMissing),
    text((iss) => (iss.input === undefined ? requiredMessages.username : 'The username must be text.')).check(z.maxLength(255)),
  ),
  password: z.pipe(
    z.transform((v) => (v === '' ? undefined : v)),
    text((iss) => (iss.input === undefined ? requiredMessages.password : 'The password must be text.')).check(z.maxLength(255)),
  ),
});
/** A sign-in answers its token, or, when the user has two-factor on, the ticket of its second step (docs/design.md §8.5). */
export const tokenResponse = z.object({ token: z.string() });
export const loginResponse = z.union([tokenResponse, z.object({ mfaRequired: z.literal(1), mfaTicket: z.string() })]);

export const currentUser = z.object({
  id: z.int(),
  name: z.string(),
  username: z.string(),
  roleId: z.int(),
  isAdmin: activeFlag,
  isActive: activeFlag,
});
export type CurrentUser = z.infer<typeof currentUser>;
export const meResponse = z.object({ user: currentUser });

/** The new password typed twice alike: the Change Password form checks it before sending, the call again. */
export function confirmedPassword<S extends z.ZodMiniType<{ password: unknown; password_confirmation: unknown }>>(body: S) {
  return body.check(
    z.refine((values) => values.password === values.password_confirmation, {
      message: 'The password confirmation does not match.',
      path: ['password_confirmation'],
    }),
  );
}

export const changePasswordRequest = confirmedPassword(
  z.object({
    currentPassword: z.pipe(
      z.transform((v) => (v === '' ? undefined : v)),
      text((iss) => (iss.input === undefined ? requiredMessages.currentPassword : 'The current password must be text.')).check(
        z.maxLength(255),
      ),
    ),
    password: passwordField(requiredMessages.password),
    password_confirmation: z.pipe(
      z.transform((v) => (v === '' ? undefined : v)),
      text((iss) => (iss.input === undefined ? requiredMessages.passwordConfirmation : 'The password confirmation must be text.')),
    ),
  }),
);
