import { zodResolver } from '@hookform/resolvers/zod';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/alert.tsx';
import { SelectField, SubmitButton, TextField } from '#src/components/form-fields.tsx';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { requiredChoice } from '#src/lib/form-schemas.ts';
import { useUnsavedChanges } from '#src/lib/use-unsaved-changes.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { modelKeys, modelOptionsQuery } from '#src/features/models/api.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';

const ADD_STOCK_CONFIRM = 'Are you sure you want to add stock?';

// docs/product.md §5: required, a whole number, at least 1. Field names match the call, so the
// server's 422 messages land under the same fields.
const addStockForm = z.object({
  id: requiredChoice(requiredMessages.model),
  modelQuantity: z
    .string()
    .trim()
    .min(1, requiredMessages.quantity)
    .regex(/^[-+]?\d+$/, 'Please enter integer value.')
    .refine((value) => Number(value) >= 1, 'Please enter value greater than 0.'),
});
type AddStockValues = z.input<typeof addStockForm>;

export function AddStockForm() {
  const { data: models } = useSuspenseQuery(modelOptionsQuery);
  const form = useForm<AddStockValues>({ resolver: zodResolver(addStockForm), defaultValues: { id: '', modelQuantity: '' } });
  const write = useWriteCall('models/add-stock', {
    onFieldErrors: showFieldErrors(form.setError),
    onSuccess: () => form.reset(),
    // The list's quantities, this model's detail and logs all sit under ['models'].
    invalidates: [modelKeys.all],
  });
  const leave = useUnsavedChanges(form, write);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) => {
    // Nothing is sent unless the user agrees (docs/product.md §5).
    if (!window.confirm(ADD_STOCK_CONFIRM)) return;
    write.submit({ id: Number(values.id), modelQuantity: Number(values.modelQuantity) });
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      {leave}
      {write.alert && <Alert alert={write.alert} onDismiss={write.dismissAlert} />}
      <SelectField
        label="Model"
        placeholder="Select model"
        options={models.map((model) => ({ value: model.id, label: `${model.modelName} (${model.seriesName})` }))}
        error={errors.id?.message}
        {...form.register('id')}
      />
      <TextField
        label="Quantity"
        type="number"
        min="1"
        step="1"
        inputMode="numeric"
        error={errors.modelQuantity?.message}
        {...form.register('modelQuantity')}
      />
      <SubmitButton busy={write.busy} />
    </form>
  );
}
