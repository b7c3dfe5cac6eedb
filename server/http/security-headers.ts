import type { FastifyInstance } from 'fastify';

// No inline script anywhere: the token in localStorage is only as safe as the script policy.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** Every answer's headers but its CSP, which an answer may make stricter (stored images do). */
const alwaysTheSame = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/** Every answer's headers. */
export const securityHeaders = { 'content-security-policy': CSP, ...alwaysTheSame };

/**
 * No cache, the browser's included, keeps an API answer (docs/design.md §8.9): they hold prices,
 * stock and users, and a shared machine's next user must not be shown them. Errors too, so the
 * framework's own refusals (refusals.ts) send it whatever their path.
 */
export const noStore = { 'cache-control': 'no-store' };

/** Whether the request is under /api: the matched route, or the path as sent when none matched (a 404). */
function underApi(route: string | undefined, url: string): boolean {
  const path = route ?? url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

/** A callback hook, not an async one: it runs on every answer, and a promise each costs more than the headers. */
export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(alwaysTheSame);
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CSP);
    if (underApi(request.routeOptions.url, request.url)) reply.headers(noStore);
    done(null, payload);
  });
}
