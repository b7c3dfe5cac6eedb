import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/alert.tsx';
import { confirmExchChange, useConfirm } from '#src/components/confirm-dialog.tsx';
import { SubmitButton } from '#src/components/form-fields.tsx';
import type { Variables } from '#src/contract/variables.ts';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { required } from '#src/lib/form-schemas.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { variablesKey, variablesQuery } from '#src/features/variables/api.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';

// The field is named as the server names it in a 422 (docs/product.md §7: errors under `newExch`), so its
// messages land under this input as they come.
const exchForm = z.object({ newExch: required(requiredMessages.newExch) });
type ExchValues = z.input<typeof exchForm>;

/** The models list's exchange-rate box (docs/product.md §2, §5): who sees it is the screen's decision. */
export function ExchBox() {
  const variables = useQuery(variablesQuery);
  // Filled with the current rate once it is known; remounting then is fine, nothing is typed yet.
  return <ExchForm key={variables.isPending ? 'pending' : 'ready'} current={variables.data?.exch ?? ''} />;
}

function ExchForm({ current }: { current: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const form = useForm<ExchValues>({ resolver: zodResolver(exchForm), defaultValues: { newExch: current } });
  const write = useWriteCall('variables/update-exch', {
    onFieldErrors: showFieldErrors(form.setError),
    // docs/design.md §6: the prices are worked out from the cached rows, so the new rate goes into the
    // cached variables and every price column follows without asking for the models again. The
    // input is read-only while the call is out, so it still holds the rate sent; the server keeps
    // it trimmed (docs/design.md §5).
    onSuccess: () => {
      const exch = form.getValues('newExch').trim();
      queryClient.setQueryData<Variables>(variablesKey, (old) => (old ? { ...old, exch } : old));
    },
  });
  const confirm = useConfirm();
  const error = form.formState.errors.newExch?.message;
  const errorId = `${id}-error`;

  return (
    <form
      noValidate
      className="flex flex-wrap items-start gap-2"
      onSubmit={form.handleSubmit((values) =>
        confirmExchChange(confirm, current, values.newExch, () => write.submit({ exch: values.newExch })),
      )}
    >
      {confirm.dialog}
      <label htmlFor={id} className="py-2 text-sm font-semibold">
        EXCH
      </label>
      <div>
        <input
          id={id}
          inputMode="decimal"
          readOnly={write.busy}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          className="w-40 rounded border border-slate-300 px-3 py-2 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-500"
          {...form.register('newExch')}
        />
        {error && (
          <p id={errorId} className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
      <SubmitButton busy={write.busy}>Update</SubmitButton>
      {/* Beside the button, not above the box: a new rate repaints the prices without moving the whole list down. */}
      {write.alert && <Alert alert={write.alert} onDismiss={write.dismissAlert} layout="inline" />}
    </form>
  );
}
