import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { Alert } from '#src/components/alert.tsx';
import { BusyButton } from '#src/components/busy-button.tsx';
import { Card } from '#src/components/card.tsx';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { FailedLine } from '#src/components/data-table/failed-line.tsx';
import { SubmitButton, TextField } from '#src/components/form-fields.tsx';
import { Spinner } from '#src/components/spinner.tsx';
import type { WriteResponse } from '#src/contract/common.ts';
import { appMessages } from '#src/contract/app-messages.ts';
import { PASSKEY_NAME_REQUIRED, type PasskeyRow } from '#src/contract/passkeys.ts';
import { meKey } from '#src/features/auth/api.ts';
import { describeFailure } from '#src/lib/api-errors.ts';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { createPasskey, PasskeyCeremonyError } from '#src/lib/passkey-ceremony.ts';
import { useUnsavedChanges } from '#src/lib/use-unsaved-changes.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { passkeysQuery } from './api.ts';
import { SecurityRow, useInstantText } from './security-row.tsx';

const nameForm = z.object({ name: z.string().check(z.trim(), z.minLength(1, PASSKEY_NAME_REQUIRED)) });

/** The user's passkeys (docs/design.md §8.5): add one of this device under a name, see when each was used, remove one. */
export function PasskeysSection() {
  const passkeys = useQuery(passkeysQuery);
  // A passkey added or removed changes what `me`'s reads say (the two-factor policy): all of them go stale.
  const remove = useWriteCall('auth/passkeys/delete', { invalidates: [meKey] });
  const [removing, setRemoving] = useState<PasskeyRow | null>(null);
  const [asked, setAsked] = useState<PasskeyRow | null>(null);

  return (
    <Card title="Passkeys" part>
      {remove.alert && <Alert alert={remove.alert} onDismiss={remove.dismissAlert} />}
      <p className="mb-4 text-sm text-slate-700">
        A passkey signs you in with this device’s screen lock or a security key, with no password or code to type.
      </p>
      {passkeys.isPending && <Spinner />}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul aria-label="Passkeys" aria-busy={passkeys.isFetching} className="mb-4 divide-y divide-slate-200">
          {passkeys.data.map((row) => (
            <PasskeyItem key={row.id} row={row} busy={remove.busy && removing?.id === row.id} onRemove={() => setAsked(row)} />
          ))}
        </ul>
      )}
      {passkeys.isError && <FailedLine retry={() => void passkeys.refetch()} />}
      <AddPasskey />
      {asked && (
        <ConfirmDialog
          question={appMessages.removePasskey(asked.name)}
          confirmLabel="Remove"
          onCancel={() => setAsked(null)}
          onConfirm={() => {
            setRemoving(asked);
            setAsked(null);
            remove.submit({ id: asked.id });
          }}
        />
      )}
    </Card>
  );
}

type ItemProps = { row: PasskeyRow; busy: boolean; onRemove: () => void };

function PasskeyItem({ row, busy, onRemove }: ItemProps) {
  const at = useInstantText();
  return (
    <SecurityRow
      title={row.name}
      detail={`Added ${at(row.createdAt)} · ${row.lastUsedAt ? `Last used ${at(row.lastUsedAt)}` : 'Not used yet'}`}
      action={(describedBy) => (
        <BusyButton variant="secondary" busy={busy} aria-describedby={describedBy} onClick={onRemove}>
          Remove
        </BusyButton>
      )}
    />
  );
}

/** The name, then the browser's own ceremony (the device's screen lock); the library loads on the click. */
function AddPasskey() {
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<WriteResponse | null>(null);
  const [saved, setSaved] = useState(0);
  const form = useForm({ resolver: zodResolver(nameForm), defaultValues: { name: '' } });
  const leaving = useUnsavedChanges(form, { saved });
  const add = useMutation({
    mutationFn: (name: string) => createPasskey(name),
    onMutate: () => setAlert(null),
    onSuccess: async (answer) => {
      setAlert(answer);
      form.reset({ name: '' });
      setSaved((count) => count + 1);
      await queryClient.invalidateQueries({ queryKey: meKey });
    },
    // A name refused goes under the field; the browser not finishing, or an answer refused, above.
    onError: async (error) => {
      if (error instanceof PasskeyCeremonyError) return setAlert(appMessages.passkeyNotFinished);
      const failure = await describeFailure(error);
      if (failure.kind === 'alert') setAlert(failure.alert);
      if (failure.kind !== 'fields') return;
      const { name, ...others } = failure.errors;
      if (name) showFieldErrors(form.setError)({ name });
      const other = Object.values(others)[0];
      if (other) setAlert({ responseMessage: other, responseFlag: 'danger' });
    },
  });
  const submit = form.handleSubmit(({ name }) => {
    if (!add.isPending) add.mutate(name);
  });

  return (
    <form noValidate onSubmit={submit} className="max-w-md" aria-label="Add a passkey">
      {alert && <Alert alert={alert} onDismiss={() => setAlert(null)} />}
      <TextField
        label="Passkey name"
        autoComplete="off"
        description="Which device or key it is, such as “Work laptop”."
        error={form.formState.errors.name?.message}
        {...form.register('name')}
      />
      <SubmitButton busy={add.isPending}>Add a passkey</SubmitButton>
      {leaving}
    </form>
  );
}
