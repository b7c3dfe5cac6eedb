import { queryOptions } from '@tanstack/react-query';
import { meKey } from '#src/features/auth/api.ts';
import { callApi } from '#src/lib/api-client.ts';
import { loggedRead } from '#src/lib/logged.ts';

// The Security screen's reads (docs/design.md §8.5). Both keys sit under `me`'s, so a change of the
// user's sign-in methods makes every read of who they are stale at once.

/** Whether the signed-in user has two-factor sign-in on. */
export const twoFactorQuery = queryOptions({
  queryKey: [...meKey, 'two-factor'],
  queryFn: async () => (await callApi('auth/2fa/status')).twoFactor === 1,
});

export const sessionsKey = [...meKey, 'sessions'] as const;

/** The signed-in user's sessions, newest first (the server's order). */
export const sessionsQuery = queryOptions({
  queryKey: sessionsKey,
  queryFn: () => loggedRead('auth/sessions', async () => (await callApi('auth/sessions')).sessions),
});

export const passkeysKey = [...meKey, 'passkeys'] as const;

/** The signed-in user's passkeys, oldest first (the server's order). */
export const passkeysQuery = queryOptions({
  queryKey: passkeysKey,
  queryFn: () => loggedRead('auth/passkeys', async () => (await callApi('auth/passkeys')).passkeys),
});
