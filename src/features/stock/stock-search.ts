import { z } from 'zod';

/**
 * Add Stock's and Remove Stock's `?modelId=`: the model Model Logs' links open them with. Anything
 * that is not an id is dropped, leaving the picker empty as a plain visit does.
 */
export const stockMoveSearch = z.object({
  modelId: z.coerce.number().int().positive().optional().catch(undefined),
});
