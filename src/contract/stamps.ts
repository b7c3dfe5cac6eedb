import { z } from 'zod/mini';
import { modelsExportRequest } from './models.ts';

// The refs' alphabet and length, which the first screen's code reads, kept apart from the schemas.
export * from './stamp-refs.ts';

// Price sheet stamps (docs/design.md §8.2): a printed sheet names the instant its prices were
// true, and its link (`GET /v/:ref`, no sign-in) says whether they still hold.

export const stampMessages = {
  current: 'These prices are current.',
  /** `since`: the stamp's day and time as documents write them ('26 Nov 2026, 14:05'). */
  changed: (since: string) => `Prices have changed since ${since}. Ask your dealer for an updated quote.`,
  notKnown: 'This price sheet is not known.',
} as const;

/** A ref as issued: 8 characters of Crockford base32, upper case. */
export const stampRefShape = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** stamps/create: the list's filters and sort, as the sheet being printed shows them (models/export's body). */
export const createStampRequest = modelsExportRequest;

export const stamp = z.object({
  ref: z.string(),
  /** 'Prices as of 26 Nov 2026, 14:05 · 1 USD = Rs 281.15 · Ref 8F3KQ2MX' */
  line: z.string(),
  /** PUBLIC_URL + '/v/' + ref */
  url: z.string(),
});
export type Stamp = z.infer<typeof stamp>;
export const createStampResponse = z.object({ stamp });
