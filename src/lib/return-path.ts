// A made-up origin to resolve against: whatever resolves to another origin is not a path of this site.
const SITE = 'https://site.invalid';
// Longer than any screen's address with its filters; a longer one is not followed.
const MAX_LENGTH = 2000;

/**
 * The path (with its search and hash) to go back to after sign-in, from the login screen's
 * `?redirect=`, or undefined when it is not a path of this site. '//host' and '/\host' name another
 * host to a browser, and URL parsing drops tabs and line breaks, so '/\t/host' would become
 * '//host': all are refused before parsing, and the parsed origin is checked after.
 */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !value.startsWith('/')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/^\/[/\\]|[\\\s\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return undefined;
  }
  if (url.origin !== SITE || url.pathname === '/login') return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The `?redirect=` the login screen gets for a signed-out visit to `href`; the dashboard needs none. */
export const loginSearch = (href: string): { redirect?: string } => (href === '/' ? {} : { redirect: href });
