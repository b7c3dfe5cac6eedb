import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '#src/contract/errors.ts';
import { XSRF_COOKIE as COOKIE, XSRF_HEADER as HEADER } from '#src/contract/xsrf.ts';

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return safeDecode(value.join('='));
  }
  return undefined;
}

/** A cookie value with a broken %-escape is taken as written rather than failing the request. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Compares as bytes: strings of equal length may differ in byte length (timingSafeEqual throws then). */
function sameToken(echoed: unknown, cookie: string): boolean {
  if (typeof echoed !== 'string') return false;
  const a = Buffer.from(echoed);
  const b = Buffer.from(cookie);
  return a.length === b.length && timingSafeEqual(a, b);
}

// Cookie tokens are cut from a pool of random bytes filled 128 tokens at a time, as randomUUID
// does: a call of the system's generator per token cost every request without the cookie (an API
// client's, the bench's) a few µs of CPU more. Each byte goes into one token only.
const TOKEN_BYTES = 32;
const POOL_BYTES = TOKEN_BYTES * 128;
let pool = Buffer.alloc(0);
let taken = 0;

function newCookieToken(): string {
  if (taken === pool.length) {
    pool = randomBytes(POOL_BYTES);
    taken = 0;
  }
  taken += TOKEN_BYTES;
  return pool.toString('base64url', taken - TOKEN_BYTES, taken);
}

/**
 * The anti-forgery pair (docs/design.md §4): the server hands out a random `XSRF-TOKEN` cookie the
 * app can read, and a request that carries the cookie must echo it in `X-XSRF-TOKEN` (419 if not).
 * A cross-site page can make the browser send the cookie but cannot read it to echo it.
 */
export function installXsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = readCookie(request.headers.cookie, COOKIE);
    if (!cookie) {
      // Built files and stored images are immutable and publicly cached: a cache would hand one
      // client's cookie to the next. The health probes say nothing more than their status, and a
      // customer's links (/q/, /v/) are no page of the app. The app's page and the API hand it out.
      if (/^\/(assets|storage|q|v)\/|^\/(healthz|readyz)(\?|$)/.test(request.url)) return;
      reply.header('set-cookie', `${COOKIE}=${newCookieToken()}; Path=/; SameSite=Strict`);
      return;
    }
    // The matched route, not the raw URL: `/%61pi/...` reaches the same handlers as `/api/...`.
    const path = request.routeOptions.url ?? request.url;
    if (request.method !== 'POST' || !path.startsWith('/api/')) return;
    if (!sameToken(request.headers[HEADER], cookie)) {
      throw new HttpError(419, { responseMessage: 'Page expired. Please reload the page.', responseFlag: 'danger' });
    }
  });
}
