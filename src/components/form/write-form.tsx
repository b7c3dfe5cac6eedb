import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useConfirm } from '#src/components/confirm-dialog.tsx';
import { FormFeedback } from '#src/components/form-feedback.tsx';
import { SubmitButton } from '#src/components/form-fields.tsx';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import type { FormMode } from './form-mode.ts';
import { RecordChanged, useReloadedKey } from './record-changed.tsx';

type Props = {
  mode: FormMode;
  /** Lists and details a save makes stale (the audit pages always are). */
  invalidates?: QueryKey[];
  className?: string;
  /** What Submit says where the form does one thing ('Turn off'); 'Submit' unless said. */
  submitLabel?: string;
  /** The bound fields (./bound-fields.tsx), in the screen's order. */
  children: ReactNode;
};

/**
 * Every add and edit form: the changed-record notice, its alert and unsaved-changes guard on top,
 * the fields, Submit (busy while the call is on its way). The server's 422 messages land under the
 * fields of the same name. 'Reload' on the notice starts the form again from the record read anew.
 */
export function WriteForm(props: Props) {
  const reloaded = useReloadedKey(props.mode.followed);
  return <FormOnce key={reloaded.key} {...props} onReload={reloaded.reload} />;
}

function FormOnce({ mode, invalidates, className, submitLabel, children, onReload }: Props & { onReload: () => void }) {
  const form = useForm({ resolver: mode.resolver, defaultValues: mode.defaultValues });
  const write = useWriteCall(mode.call, {
    onFieldErrors: showFieldErrors(form.setError),
    onSuccess: () => mode.afterSave(form),
    invalidates,
  });
  const confirm = useConfirm();
  const submit = form.handleSubmit((values) => {
    const send = () => write.submit(mode.body(values));
    const question = mode.ask(values);
    if (question) confirm.ask(question, send);
    else send();
  });
  return (
    <FormProvider {...form}>
      <RecordChanged followed={mode.followed} form={form} write={write} onReload={onReload} />
      <form noValidate onSubmit={submit} className={className}>
        {confirm.dialog}
        <FormFeedback form={form} write={write} />
        {children}
        <SubmitButton busy={write.busy}>{submitLabel}</SubmitButton>
      </form>
    </FormProvider>
  );
}
