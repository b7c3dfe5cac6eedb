import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, InputError, validationBody } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';

/** Clients learn only what the contract says; the log gets everything. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof InputError) return reply.code(422).send(validationBody(error.errors));
    if (error instanceof HttpError) return reply.code(error.status).headers(error.headers).send(error.body);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send({ responseMessage: error.message, responseFlag: 'danger' });
    }
    request.log.error({ err: error }, 'request failed');
    // The request id lets an administrator find the logged details; nothing else leaves.
    return reply.code(500).send({ ...messages.serverError, requestId: request.id });
  });
}
