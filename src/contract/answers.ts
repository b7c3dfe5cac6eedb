import { z } from 'zod/mini';

// The first screen reads a failed call's answer with these, so they stay apart from the rest of
// the contract; the calls' schemas extend them through their `shape`.

export const responseFlag = z.enum(['success', 'danger', 'warning', 'info']);

/** The body of every 200 write, and of 203, 403, 405, 419, 429 and 500 answers. */
export const writeResponse = z.object({
  responseMessage: z.string(),
  responseFlag,
});
export type WriteResponse = z.infer<typeof writeResponse>;

/** 422: each field's messages, first one shown under the field. */
export const validationErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorResponse = z.infer<typeof validationErrorResponse>;
