import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

const COOKIE = 'XSRF-TOKEN';
const HEADER = 'x-xsrf-token';

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The anti-forgery pair (DESIGN.md §4): the server hands out a random `XSRF-TOKEN` cookie the
 * app can read, and a request that carries the cookie must echo it in `X-XSRF-TOKEN` (419 if not).
 * A cross-site page can make the browser send the cookie but cannot read it to echo it.
 */
export function installXsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = readCookie(request.headers.cookie, COOKIE);
    if (!cookie) {
      const token = randomBytes(32).toString('base64url');
      reply.header('set-cookie', `${COOKIE}=${token}; Path=/; SameSite=Strict`);
      return;
    }
    if (request.method !== 'POST' || !request.url.startsWith('/api/')) return;
    const echoed = request.headers[HEADER];
    const same = typeof echoed === 'string' && echoed.length === cookie.length && timingSafeEqual(Buffer.from(echoed), Buffer.from(cookie));
    if (!same) {
      throw new HttpError(419, { responseMessage: 'Page expired. Please reload the page.', responseFlag: 'danger' });
    }
  });
}
