/**
 * Five sign-in attempts that are not successes a minute per key, then 429 until the minute that
 * began with the first of them ends. Every attempt counts as it starts (a success clears the key),
 * so guesses sent in parallel, to one process or to several, cannot pass before the count rises.
 *
 * The count is one record per key, `{attempts, windowStartMs}`: the server keeps it in the
 * database (one atomic statement per attempt, shared by every process, server/repositories), the
 * mocks keep theirs in the mock store. Both apply `countAttempt` and `retryAfterSeconds` below.
 */
export const LOGIN_WINDOW_MS = 60_000;
export const LOGIN_MAX_FAILURES = 5;

export type AttemptCount = { attempts: number; windowStartMs: number };

/** The key of a count: the username as the user lookup keys it, and the client's address. */
export const throttleKey = (usernameKey: string, address: string) => `${usernameKey}|${address}`;

/** A count whose minute is over counts nothing any more, and may be deleted. */
export const isExpired = (count: AttemptCount, now: number) => count.windowStartMs <= now - LOGIN_WINDOW_MS;

/** The count once one more attempt starts at `now`: a new minute begins when the last one is over. */
export function countAttempt(previous: AttemptCount | undefined, now: number): AttemptCount {
  if (!previous || isExpired(previous, now)) return { attempts: 1, windowStartMs: now };
  return { attempts: previous.attempts + 1, windowStartMs: previous.windowStartMs };
}

/** 0 when the attempt just counted may go on, else the whole seconds (at least 1) until its minute ends. */
export function retryAfterSeconds(count: AttemptCount, now: number): number {
  if (count.attempts <= LOGIN_MAX_FAILURES) return 0;
  return Math.max(1, Math.ceil((count.windowStartMs + LOGIN_WINDOW_MS - now) / 1000));
}

/** Counts an attempt and answers the wait (0: go on); `clear` after a success. The server's is async. */
export type LoginThrottle = {
  attempt(key: string, now?: number): Promise<number>;
  clear(key: string): Promise<void>;
};

/** The same over counts kept in memory (the mocks'); expired counts are dropped as new keys come. */
export function memoryLoginThrottle(counts: Record<string, AttemptCount>) {
  return {
    attempt(key: string, now = Date.now()): number {
      const count = countAttempt(counts[key], now);
      if (count.attempts === 1) for (const [old, value] of Object.entries(counts)) if (isExpired(value, now)) delete counts[old];
      counts[key] = count;
      return retryAfterSeconds(count, now);
    },
    clear(key: string): void {
      delete counts[key];
    },
  };
}
