import type { z } from 'zod/mini';
import type { ValidationErrorResponse, WriteResponse } from './common.ts';

// The two ways a call fails on purpose, shared by the server and the mocks so both answer alike.

/** 422 with messages under fields: thrown for rules a schema cannot see (unknown ids, taken names). */
export class InputError extends Error {
  readonly errors: Record<string, string[]>;
  constructor(errors: Record<string, string[]>) {
    super('The given data was invalid.');
    this.errors = errors;
  }
}

export const fieldError = (field: string, message: string) => new InputError({ [field]: [message] });

/** Any answer other than 200/422, with a `{responseMessage, responseFlag}` body. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: WriteResponse;
  readonly headers: Record<string, string>;
  constructor(status: number, body: WriteResponse, headers: Record<string, string> = {}) {
    super(body.responseMessage);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** Zod issues as `{field: [messages]}`, with a call's `errorKeys` renames. */
export function fieldErrors(error: z.core.$ZodError, renames: Record<string, string> = {}): Record<string, string[]> {
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
