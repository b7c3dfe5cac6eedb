import { z } from 'zod/mini';

/**
 * Add Stock's and Remove Stock's `?modelId=`: the model Model Logs' links open them with. Anything
 * that is not an id is dropped, leaving the picker empty as a plain visit does.
 */
export const stockMoveSearch = z.object({
  modelId: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
});
