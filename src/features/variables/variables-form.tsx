import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import type { CallReply } from '#src/contract/calls.ts';
import type { Variables } from '#src/contract/variables.ts';
import { FormFeedback } from '#src/components/form-feedback.tsx';
import { confirmExchChange, useConfirm } from '#src/components/confirm-dialog.tsx';
import { SubmitButton, TextField } from '#src/components/form-fields.tsx';
import { appMessages } from '#src/contract/app-messages.ts';
import { firstLargeRatio } from '#src/domain/ratio-percent.ts';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { required } from '#src/lib/form-schemas.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { variablesKey } from './api.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';

// Only "not empty" here (docs/product.md §5); the server checks the numbers and answers under the fields.
const variablesForm = z.object({
  tr: required(requiredMessages.tr),
  exch: required(requiredMessages.exch),
  fare: required(requiredMessages.fare),
  duties: required(requiredMessages.duties),
  profit: required(requiredMessages.profit),
});
type VariablesValues = z.input<typeof variablesForm>;

// docs/design.md §8.8: each field says what it is and its unit.
const fields: { name: keyof VariablesValues; label: string; description: string }[] = [
  { name: 'tr', label: 'TR', description: 'TR: kW per ton' },
  { name: 'exch', label: 'EXCH', description: 'EXCH: rupees per US dollar' },
  { name: 'fare', label: 'FARE', description: 'FARE: a ratio, 0.06 = 6 %' },
  { name: 'duties', label: 'DUTIES', description: 'DUTIES: a ratio, 0.06 = 6 %' },
  { name: 'profit', label: 'PROFIT', description: 'PROFIT: a ratio, 0.06 = 6 %' },
];
const labelOf = (name: keyof VariablesValues) => fields.find((field) => field.name === name)?.label ?? name;

const blank: Variables = { tr: '', exch: '', fare: '', duties: '', profit: '' };

/** The five pricing variables, sent as the decimal text typed (the server keeps "0.20" as is). */
export function VariablesForm({ variables }: { variables?: CallReply<'variables'>['variables'] }) {
  const form = useForm<VariablesValues>({ resolver: zodResolver(variablesForm), defaultValues: variables ?? blank });
  const write = useWriteCall('variables/update-variables', { onFieldErrors: showFieldErrors(form.setError), invalidates: [variablesKey] });
  const confirm = useConfirm();
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    const send = () => write.submit({ ...values, version: variables?.version });
    const checkExch = () => confirmExchChange(confirm, variables?.exch ?? '', values.exch, send);
    // A ratio above 1 is asked about first, then a large EXCH change; Cancel on either saves nothing.
    const large = firstLargeRatio(values);
    if (large) confirm.ask(appMessages.largeRatio(labelOf(large.name), large.value, large.percent), checkExch);
    else checkExch();
  });
  return (
    <form noValidate onSubmit={submit}>
      {confirm.dialog}
      <FormFeedback form={form} write={write} />
      <div className="grid gap-x-4 md:grid-cols-2 lg:grid-cols-3">
        {fields.map(({ name, label, description }) => (
          <TextField
            key={name}
            label={label}
            description={description}
            inputMode="decimal"
            error={errors[name]?.message}
            {...form.register(name)}
          />
        ))}
      </div>
      <SubmitButton busy={write.busy} />
    </form>
  );
}
