import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ValidationErrorResponse, WriteResponse } from '../../src/contract/common.ts';
import { messages } from './messages.ts';

/** 422 with messages under fields: thrown by handlers for rules a schema cannot see. */
export class InputError extends Error {
  readonly errors: Record<string, string[]>;
  constructor(errors: Record<string, string[]>) {
    super('The given data was invalid.');
    this.errors = errors;
  }
}

export const fieldError = (field: string, message: string) => new InputError({ [field]: [message] });

/** Any answer other than 200/422 with a `{responseMessage, responseFlag}` body. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: WriteResponse;
  constructor(status: number, body: WriteResponse) {
    super(body.responseMessage);
    this.status = status;
    this.body = body;
  }
}

export function fieldErrors(error: z.ZodError, renames: Record<string, string> = {}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    // Issues inside `filters` name the filter: {"filters.modelId": [...]}.
    const path = issue.path.map(String).join('.') || 'body';
    const field = renames[path] ?? path;
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function validationBody(errors: Record<string, string[]>): ValidationErrorResponse {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return { message: first, errors };
}

/** Clients learn only what the contract says; the log gets everything. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof InputError) return reply.code(422).send(validationBody(error.errors));
    if (error instanceof HttpError) return reply.code(error.status).send(error.body);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send({ responseMessage: error.message, responseFlag: 'danger' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ ...messages.serverError, requestId: request.id });
  });
}
