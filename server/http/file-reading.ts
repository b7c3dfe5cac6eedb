import { HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';

// docs/design.md §8.9: at most 2 files are read at once per process, a third is 429 at once, as
// the password gate answers (auth/password-work.ts). Reading a file is sliced so it never holds
// the event loop, but each one read costs its memory (the text and the rows): ten 5 MB previews
// at once took the process to 941 MB before this.

export const FILES_READ_AT_ONCE = 2;
/** Seconds a refused client is asked to wait: a 5 MB file is read in about that long. */
const RETRY_AFTER_SECONDS = 2;

let reading = 0;

/** Runs `read` (a file's parse and what is made of its rows) if fewer than FILES_READ_AT_ONCE are running, else 429. */
export async function readingAFile<T>(read: () => Promise<T>): Promise<T> {
  if (reading >= FILES_READ_AT_ONCE) {
    throw new HttpError(429, messages.readingBusy(RETRY_AFTER_SECONDS), { 'retry-after': String(RETRY_AFTER_SECONDS) });
  }
  reading += 1;
  try {
    return await read();
  } finally {
    reading -= 1;
  }
}
