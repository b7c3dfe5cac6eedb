/** How long a session lasts when SESSION_TTL_HOURS does not say (docs/design.md §2). */
export const DEFAULT_SESSION_TTL_HOURS = 12;

/** When a session opened at `now` ends: after that instant its token answers 203. */
export const sessionExpiry = (now: Date, ttlHours: number): Date => new Date(now.getTime() + ttlHours * 3_600_000);
