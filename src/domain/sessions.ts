/** How long a session lasts when SESSION_TTL_HOURS does not say (docs/design.md §2). */
export const DEFAULT_SESSION_TTL_HOURS = 12;

/** When a session opened at `now` ends: after that instant its token answers 203. */
export const sessionExpiry = (now: Date, ttlHours: number): Date => new Date(now.getTime() + ttlHours * 3_600_000);

/** A session's last-seen time moves in steps of a minute: finer would cost a write on every call. */
export const LAST_SEEN_STEP_MS = 60_000;

// Most specific first: Edge and Opera say Chrome too, Chrome says Safari, and iOS says Mac OS X.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A session's device as a person names it, 'Chrome on Windows', from the User-Agent kept at sign-in. */
export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
