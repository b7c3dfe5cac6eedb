import type { FastifyRequest } from 'fastify';
import { HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';
import { throttleKey, type LoginThrottle } from '#src/domain/login-throttle.ts';
import { nameKey } from '#src/domain/names.ts';

/**
 * One more guess at a user's password or second factor from this address: counted before the
 * check (and cleared on success), in one statement shared by every process on the database, so
 * guesses sent in parallel cannot all pass before the count rises; 429 past the limit. Answers
 * the key, which `throttle.clear` takes after a success.
 */
export function loginGuesses(throttle: LoginThrottle) {
  return async (username: string, request: FastifyRequest): Promise<string> => {
    // The same key the user lookup uses, so no spelling of a username dodges its count.
    const key = throttleKey(nameKey(username), request.ip);
    const wait = await throttle.attempt(key);
    if (wait > 0) throw new HttpError(429, messages.tooManyAttempts(wait), { 'retry-after': String(wait) });
    return key;
  };
}
