import type { WriteResponse } from '#src/contract/common.ts';
import { describeFailure } from './api-errors.ts';

/**
 * A failed call of a button that has no form (Export, Print, Mark as seen) as one alert beside it:
 * a refused field's message stands for the whole call; null when there is nothing to say (a 203).
 * Apart from api-errors.ts, which sign-in needs at start: only the screens behind it load this
 * (the first screen's Mark as seen too, once a mark fails: src/features/price-list/changes-api.ts).
 */
export async function failureAlert(error: unknown): Promise<WriteResponse | null> {
  const failure = await describeFailure(error);
  if (failure.kind === 'alert') return failure.alert;
  if (failure.kind === 'fields') return { responseMessage: Object.values(failure.errors)[0] ?? '', responseFlag: 'danger' };
  return null;
}
