import { z } from 'zod/mini';
import { activeFlag, idRequest } from './common.ts';

// The signed-in user's own sessions (docs/design.md §8.5): each one's device, as read from the
// User-Agent kept at sign-in, and which is the one asking.

export const sessionRow = z.object({
  id: z.int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  device: z.string(),
  current: activeFlag,
});
export type SessionRow = z.infer<typeof sessionRow>;

export const sessionsResponse = z.object({ sessions: z.array(sessionRow) });
export const revokeSessionRequest = idRequest();
