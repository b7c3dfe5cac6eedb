/**
 * Five failed sign-ins a minute per key (the server uses username and address), then 429 until
 * the oldest failure ages out. The failures live in a record the caller owns: the server keeps
 * one per process, the mocks keep theirs in the mock store so a reset clears them.
 */
export type LoginThrottle = {
  retryAfterSeconds(key: string, now?: number): number;
  recordFailure(key: string, now?: number): void;
  reset(key: string): void;
};

const WINDOW_MS = 60_000;
const MAX_FAILURES = 5;
// Past this many keys, keys whose failures have all aged out are dropped.
const SWEEP_AT = 10_000;

export function createLoginThrottle(failures: Record<string, number[]> = {}): LoginThrottle {
  const recent = (key: string, now: number) => (failures[key] ?? []).filter((t) => now - t < WINDOW_MS);
  let keys = Object.keys(failures).length;
  const drop = (key: string) => {
    if (key in failures) {
      delete failures[key];
      keys -= 1;
    }
  };

  return {
    retryAfterSeconds(key, now = Date.now()) {
      const times = recent(key, now);
      if (times.length === 0) drop(key);
      else failures[key] = times;
      if (times.length < MAX_FAILURES) return 0;
      return Math.max(1, Math.ceil((times[0]! + WINDOW_MS - now) / 1000));
    },
    recordFailure(key, now = Date.now()) {
      if (!(key in failures)) keys += 1;
      failures[key] = [...recent(key, now), now];
      // A key is otherwise only cleaned when it is tried again: one-off usernames would pile up for ever.
      if (keys > SWEEP_AT) {
        for (const old of Object.keys(failures)) if (recent(old, now).length === 0) drop(old);
      }
    },
    reset: drop,
  };
}
