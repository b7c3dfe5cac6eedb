import { availableParallelism } from 'node:os';
import { HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';

/**
 * Password hashing is the one thing an anonymous client can make the server do at length (a
 * scrypt is ~128 MiB and a few hundred ms of a core). At most `running` hashes run at once per
 * process and `waiting` more queue; beyond that the answer is at once 429. So a flood of sign-ins
 * holds at most two threads of the pool, never all of it, and never a queue without end. On a
 * machine of two cores or fewer one hash runs at a time, so hashing never takes every core from
 * the event loop that serves everyone else.
 */
export const PASSWORD_WORK = { running: Math.max(1, Math.min(2, availableParallelism() - 1)), waiting: 32 };
/** Seconds a refused client is asked to wait: the queue drains in about that long. */
const RETRY_AFTER_SECONDS = 2;

/** A waiting check whose client has gone: nobody is left to answer. */
export class ClientGone extends Error {
  readonly statusCode = 499;
  constructor() {
    super('The client closed the connection before its password was checked.');
  }
}

export type PasswordGate = <T>(task: () => Promise<T>, clientGone?: AbortSignal) => Promise<T>;

export function createPasswordGate({ running, waiting }: typeof PASSWORD_WORK): PasswordGate {
  let busy = 0;
  const queue: (() => void)[] = [];
  return async (task, clientGone) => {
    if (clientGone?.aborted) throw new ClientGone();
    if (busy < running) busy++;
    else if (queue.length >= waiting) {
      throw new HttpError(429, messages.tooBusy(RETRY_AFTER_SECONDS), { 'retry-after': String(RETRY_AFTER_SECONDS) });
    } else {
      // The turn is handed over by the task that ends, so `busy` stays as it is.
      await new Promise<void>((resolve, reject) => {
        const start = () => {
          clientGone?.removeEventListener('abort', drop);
          resolve();
        };
        const drop = () => {
          queue.splice(queue.indexOf(start), 1);
          reject(new ClientGone());
        };
        queue.push(start);
        clientGone?.addEventListener('abort', drop, { once: true });
      });
    }
    try {
      return await task();
    } finally {
      const next = queue.shift();
      if (next) next();
      else busy--;
    }
  };
}
