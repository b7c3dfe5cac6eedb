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

/** Every answer's headers; an answer may set a stricter CSP of its own (stored images do). */
export const securityHeaders = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.headers({ ...securityHeaders, 'content-security-policy': reply.getHeader('content-security-policy') ?? CSP });
  });
}
