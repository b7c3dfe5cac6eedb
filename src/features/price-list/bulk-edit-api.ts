import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { BulkPreview, PriceChangeMode } from '#src/contract/bulk-update.ts';
import type { WriteResponse } from '#src/contract/common.ts';
import { callApi, type SentBody } from '#src/lib/api-client.ts';
import { describeFailure } from '#src/lib/api-errors.ts';
import type { modelFiltersOf } from './api.ts';

/** The models a bulk edit is about: the selected ones, or every one the list's filters match (its total). */
export type BulkTarget = { ids: number[] } | { filters: ReturnType<typeof modelFiltersOf>; total: number };

/** The dialog's fields as typed; blank leaves that field of every model as it is. */
export type BulkFields = { status: '' | '0' | '1'; minStock: string; mode: '' | PriceChangeMode; value: string };
export const noBulkChange: BulkFields = { status: '', minStock: '', mode: '', value: '' };
export const isBulkFilled = (fields: BulkFields) => Object.values(fields).some((value) => value.trim() !== '');

type BulkBody = SentBody<'models/bulk-update'>;

/** The call's body: the target, the fields that are filled, and whether it is the preview. */
export function bulkBody(target: BulkTarget, fields: BulkFields, preview: 0 | 1): BulkBody {
  const set = {
    ...(fields.status !== '' && { modelIsActive: Number(fields.status) }),
    ...(fields.minStock.trim() !== '' && { modelMinStock: fields.minStock }),
  };
  return {
    ...('ids' in target ? { ids: target.ids } : { filters: target.filters }),
    ...(Object.keys(set).length > 0 && { set }),
    ...(fields.mode !== '' && { price: { mode: fields.mode, value: fields.value } }),
    preview,
  };
}

/**
 * models/bulk-update with `preview: 1`: the preview, or the field messages of a 422 to show under
 * the fields, or an alert for anything else (docs/product.md §8, docs/design.md §7.7).
 */
export function useBulkPreview(onFieldErrors: (errors: Record<string, string>) => void) {
  const [alert, setAlert] = useState<WriteResponse | null>(null);
  const mutation = useMutation({
    mutationFn: (body: BulkBody) => callApi('models/bulk-update', body),
    onMutate: () => setAlert(null),
    onError: async (error) => {
      const failure = await describeFailure(error);
      if (failure.kind === 'fields') onFieldErrors(failure.errors);
      if (failure.kind === 'alert') setAlert(failure.alert);
    },
  });
  const answer = mutation.data;
  return {
    preview: answer && 'preview' in answer ? (answer.preview as BulkPreview) : undefined,
    busy: mutation.isPending,
    alert,
    dismissAlert: () => setAlert(null),
    run: (body: BulkBody) => mutation.mutate(body),
    clear: () => mutation.reset(),
  };
}
