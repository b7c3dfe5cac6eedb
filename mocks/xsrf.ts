/**
 * The anti-forgery rule of server/http/xsrf.ts: a POST that carries the `XSRF-TOKEN` cookie must
 * echo it in `X-XSRF-TOKEN`. The mocks never hand the cookie out: msw keeps mocked Set-Cookie
 * headers in its own jar, which would make every later test request need the header.
 */
import { XSRF_COOKIE, XSRF_HEADER } from '#src/contract/xsrf.ts';

export function xsrfMismatch(request: Request, cookies: Record<string, string>): boolean {
  const cookie = cookies[XSRF_COOKIE];
  if (!cookie) return false;
  return request.headers.get(XSRF_HEADER) !== cookie;
}
