import type { FastifyReply } from 'fastify';

/** Aborts when the client goes (its connection closes) before the answer is written, or has already gone. */
export function clientGone(reply: FastifyReply): AbortSignal {
  if (reply.raw.destroyed) return AbortSignal.abort();
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
