import { z } from 'zod';
import { quoteStatuses } from '#src/contract/quotes.ts';
import { listSearchSchema } from '#src/lib/list-search.ts';

/** The Quotes list's URL: page, page size, search and the status filter; anything unreadable is dropped. */
export const quotesSearchSchema = listSearchSchema().extend({ status: z.enum(quoteStatuses).optional().catch(undefined) });
export type QuotesSearch = z.infer<typeof quotesSearchSchema>;
