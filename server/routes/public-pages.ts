import type { FastifyInstance } from 'fastify';
import type { Business } from '#server/config.ts';
import type { Store } from '#server/db/connect.ts';
import { PUBLIC_PAGE_CSP } from '#server/documents/html-page.ts';
import { addressThrottle } from '#server/http/address-throttle.ts';
import { quotePageRoutes } from './quote-page.ts';
import { stampPageRoutes } from './stamp-page.ts';

// The public pages of docs/design.md §8: a sent quote (/q/) and a price sheet's stamp (/v/), no
// sign-in. One throttle counts every request per address across both (more than 60 a minute is
// 429 with Retry-After), and every answer under either, 404 and 429 included, keeps out of search
// engines, caches and referrers.

const PUBLIC_PREFIXES = ['/q/', '/v/'];

const PUBLIC_HEADERS = {
  'x-robots-tag': 'noindex',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'content-security-policy': PUBLIC_PAGE_CSP,
};

export function publicPageRoutes(app: FastifyInstance, store: Store, business: Business) {
  const throttle = addressThrottle(60, 60_000);

  app.addHook('onRequest', async (request, reply) => {
    if (!PUBLIC_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    reply.headers(PUBLIC_HEADERS);
    const wait = throttle.take(request);
    if (wait !== null)
      return reply
        .code(429)
        .header('retry-after', String(wait))
        .type('text/plain; charset=utf-8')
        .send(`Too many requests. Please try again in ${wait} seconds.`);
  });

  quotePageRoutes(app, store, business);
  stampPageRoutes(app, store, business);
}
