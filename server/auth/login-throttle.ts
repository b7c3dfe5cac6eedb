/**
 * Five failed sign-ins a minute per username and address, then 429 until the oldest failure
 * ages out. Kept in memory: each server process counts its own attempts.
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

export function createLoginThrottle(): LoginThrottle {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => (failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);

  return {
    retryAfterSeconds(key, now = Date.now()) {
      const times = recent(key, now);
      if (times.length === 0) failures.delete(key);
      else failures.set(key, times);
      if (times.length < MAX_FAILURES) return 0;
      return Math.max(1, Math.ceil((times[0]! + WINDOW_MS - now) / 1000));
    },
    recordFailure(key, now = Date.now()) {
      failures.set(key, [...recent(key, now), now]);
      // A key is otherwise only cleaned when it is tried again: one-off usernames would pile up for ever.
      if (failures.size > SWEEP_AT) {
        for (const old of failures.keys()) if (recent(old, now).length === 0) failures.delete(old);
      }
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
