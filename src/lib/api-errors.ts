import { HTTPError, isNetworkError, isTimeoutError } from 'ky';
import { validationErrorResponse, writeResponse, type WriteResponse } from '#src/contract/answers.ts';
import { messages } from '#src/contract/messages.ts';
import { appMessages } from '#src/contract/app-messages.ts';

/**
 * The call never got an answer: the network failed or 30 s passed (docs/design.md §7.7). ky wraps
 * what it recognises; a bare TypeError is fetch's own "failed to fetch" where ky does not.
 */
export const isUnreachable = (error: unknown): boolean => isNetworkError(error) || isTimeoutError(error) || error instanceof TypeError;

/** What a failed write shows the user (docs/product.md §8), decided in this one place. */
type WriteFailure = { kind: 'fields'; errors: Record<string, string> } | { kind: 'alert'; alert: WriteResponse } | { kind: 'silent' };

export async function describeFailure(error: unknown): Promise<WriteFailure> {
  if (isUnreachable(error)) return { kind: 'alert', alert: appMessages.unreachable };
  // The rest is a 203 (the page is already reloading) or an answer the app could not read.
  if (!(error instanceof HTTPError)) return { kind: 'silent' };
  const status = error.response.status;
  // Wrong credentials: the login form shows nothing (docs/product.md §2).
  if (status === 401) return { kind: 'silent' };
  // ky 2 has already read the body into `data` (the response's own body is consumed).
  const body: unknown = error.data;
  if (status === 422) {
    const parsed = validationErrorResponse.safeParse(body);
    // A stale version is about the whole record, not a field: it shows above the form.
    const stale = parsed.success ? parsed.data.errors.version?.[0] : undefined;
    if (stale) return { kind: 'alert', alert: { responseMessage: stale, responseFlag: 'danger' } };
    if (parsed.success) {
      const first = Object.fromEntries(Object.entries(parsed.data.errors).map(([field, texts]) => [field, texts[0] ?? '']));
      return { kind: 'fields', errors: first };
    }
  }
  if (status === 500 || status === 405) return { kind: 'alert', alert: messages.serverError };
  const parsed = writeResponse.safeParse(body);
  return { kind: 'alert', alert: parsed.success ? parsed.data : messages.serverError };
}
