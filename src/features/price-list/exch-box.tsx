import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { Alert } from '#src/components/alert.tsx';
import { confirmExchChange, useConfirm } from '#src/components/confirm-dialog.tsx';
import { SubmitButton } from '#src/components/form-fields.tsx';
import type { CallReply } from '#src/contract/calls.ts';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { required } from '#src/lib/form-schemas.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { variablesKey, variablesQuery } from '#src/features/variables/api.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';

// The field is named as the server names it in a 422 (docs/product.md §7: errors under `newExch`), so its
// messages land under this input as they come.
const exchForm = z.object({ newExch: required(requiredMessages.newExch) });
type ExchValues = z.input<typeof exchForm>;

/** How long a success offers to take the new rate back (docs/design.md §7.2). */
export const UNDO_MS = 15_000;

/**
 * A rate change as sent: the new rate and the one the sender saw, so none overwrites another unseen.
 * An Undo also sends the version the change it takes back gave the variables: anyone's change
 * since, even one back to the same rate, refuses it (docs/design.md §8.9).
 */
type RateChange = { exch: string; previousExch: string; version?: number };

type Props = {
  /** Every text the box holds as it is typed, and the rate it shows after an update: the list previews it. */
  onRateTyped: (text: string) => void;
};

/** The models list's exchange-rate box (docs/product.md §2, §5): who sees it is the screen's decision. */
export function ExchBox({ onRateTyped }: Props) {
  const variables = useQuery(variablesQuery);
  // Filled with the current rate once it is known; remounting then is fine, nothing is typed yet.
  return <ExchForm key={variables.isPending ? 'pending' : 'ready'} current={variables.data?.exch ?? ''} onRateTyped={onRateTyped} />;
}

function ExchForm({ current, onRateTyped }: Props & { current: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const form = useForm<ExchValues>({ resolver: zodResolver(exchForm), defaultValues: { newExch: current } });
  // After a success, the change that takes it back.
  const [undo, setUndo] = useState<RateChange | null>(null);
  const write = useWriteCall('variables/update-exch', {
    onFieldErrors: showFieldErrors(form.setError),
    // docs/design.md §6: the prices are worked out from the cached rows, so the new rate goes into the
    // cached variables and every price column follows without asking for the models again. The
    // server keeps it trimmed (docs/design.md §5).
    onSuccess: (change, { version }) => {
      queryClient.setQueryData<CallReply<'variables'>['variables']>(variablesKey, (old) =>
        old ? { ...old, exch: change.exch, version } : old,
      );
      form.setValue('newExch', change.exch);
      onRateTyped(change.exch);
      setUndo({ exch: change.previousExch!, previousExch: change.exch, version });
    },
  });
  const confirm = useConfirm();

  // A rate set elsewhere (live updates, docs/design.md §8.3) replaces the one shown, unless another
  // is being typed: the box and the list's preview then follow the rate in force.
  const followed = useRef(current);
  useEffect(() => {
    if (current === followed.current) return;
    const untouched = form.getValues('newExch') === followed.current;
    followed.current = current;
    if (!untouched) return;
    form.reset({ newExch: current });
    onRateTyped(current);
  }, [current, form, onRateTyped]);

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);

  const send = (change: RateChange) => {
    if (write.busy) return;
    setUndo(null);
    write.submit(change);
  };
  const error = form.formState.errors.newExch?.message;
  const errorId = `${id}-error`;

  return (
    <form
      noValidate
      className="flex flex-wrap items-start gap-2"
      // Always the rate the box showed: if someone else changed it meanwhile, the server refuses.
      // A rate far from the current one is asked about first (docs/design.md §7.7); Undo is not.
      onSubmit={form.handleSubmit((values) =>
        confirmExchChange(confirm, current, values.newExch, () => send({ exch: values.newExch.trim(), previousExch: current })),
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
          className="w-40 rounded border border-slate-300 px-3 py-2 text-sm focus:border-brand aria-[invalid=true]:border-red-500"
          {...form.register('newExch', { onChange: (event: { target: HTMLInputElement }) => onRateTyped(event.target.value) })}
        />
        {error && (
          <p id={errorId} className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
      <SubmitButton busy={write.busy}>Update</SubmitButton>
      {/* Beside the button, not above the box: a new rate repaints the prices without moving the whole list down. */}
      {write.alert && (
        <Alert
          alert={write.alert}
          onDismiss={() => {
            write.dismissAlert();
            setUndo(null);
          }}
          layout="inline"
          action={
            undo && (
              <button type="button" className="font-semibold underline" onClick={() => send(undo)}>
                Undo
              </button>
            )
          }
        />
      )}
    </form>
  );
}
