import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { FormFeedback } from '#src/components/form-feedback.tsx';
import { ComboboxField } from '#src/components/combobox-field.tsx';
import { SubmitButton, TextField } from '#src/components/form-fields.tsx';
import { quantityField } from '#src/contract/fields.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';
import { formatLakh } from '#src/domain/format.ts';
import { modelKeys, modelOptionsQuery, modelQuery } from '#src/features/models/api.ts';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { requiredChoice } from '#src/lib/form-schemas.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';

// docs/product.md §5: required, a whole number, at least 1: the contract's own quantity rule and
// messages. Field names match the calls, so the server's 422 messages (the stock a removal may not
// exceed, a note too long) land under the same fields.
const stockMoveForm = z.object({
  id: requiredChoice(requiredMessages.model),
  modelQuantity: quantityField,
  // Optional; the contract judges its length and characters.
  note: z.string(),
});

/** The two screens differ only in their call, their question and whether the stock is shown. */
export type StockMove = {
  call: 'models/add-stock' | 'models/remove-stock';
  /** Asked before anything is sent (docs/product.md §5, docs/design.md §7.3). */
  confirm: string;
  /** Shows the picked model's current stock (Remove Stock). */
  showStock?: boolean;
};

export const addStockMove: StockMove = { call: 'models/add-stock', confirm: 'Are you sure you want to add stock?' };
export const removeStockMove: StockMove = {
  call: 'models/remove-stock',
  confirm: 'Are you sure you want to remove stock?',
  showStock: true,
};

/** The picked model's stock, read from models/get-model (level 2, like the screens). */
function CurrentStock({ id }: { id: string }) {
  const model = useQuery({ ...modelQuery(Number(id)), enabled: id !== '' });
  if (id === '' || !model.data) return null;
  return (
    <p className="mb-4 text-sm text-slate-700" aria-live="polite">
      Current stock: <span className="font-semibold tabular-nums">{formatLakh(model.data.modelQuantity)}</span>
    </p>
  );
}

/**
 * Add Stock and Remove Stock: pick a model, a quantity and an optional note, confirm, send.
 * `modelId` (Model Logs' links) comes picked; an id of no model leaves the picker empty.
 */
export function StockMoveForm({ move, modelId }: { move: StockMove; modelId?: number | undefined }) {
  const { data: models } = useSuspenseQuery(modelOptionsQuery);
  const form = useForm({
    resolver: zodResolver(stockMoveForm),
    defaultValues: { id: models.some((model) => model.id === modelId) ? String(modelId) : '', modelQuantity: '', note: '' },
  });
  const { field: modelField } = useController({ control: form.control, name: 'id' });
  const write = useWriteCall(move.call, {
    onFieldErrors: showFieldErrors(form.setError),
    onSuccess: () => form.reset(),
    // The list's quantities, this model's detail and logs, and the stock shown here all sit under ['models'].
    invalidates: [modelKeys.all],
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) => {
    if (!window.confirm(move.confirm)) return;
    write.submit({ id: Number(values.id), modelQuantity: values.modelQuantity, note: values.note });
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <FormFeedback form={form} write={write} />
      <ComboboxField
        label="Model"
        placeholder="Type a brand, series or model"
        noMatch="No model matches."
        options={models.map((model) => ({
          value: String(model.id),
          label: `${model.modelName} (${model.seriesName})`,
          group: model.brandName,
          search: `${model.brandName} ${model.seriesName} ${model.modelName}`,
        }))}
        error={errors.id?.message}
        name={modelField.name}
        value={modelField.value}
        onChange={modelField.onChange}
        onBlur={modelField.onBlur}
        inputRef={modelField.ref}
      />
      {move.showStock && <CurrentStock id={modelField.value} />}
      <TextField
        label="Quantity"
        type="number"
        min="1"
        step="1"
        inputMode="numeric"
        error={errors.modelQuantity?.message}
        {...form.register('modelQuantity')}
      />
      <TextField label="Note" maxLength={255} error={errors.note?.message} {...form.register('note')} />
      <SubmitButton busy={write.busy} />
    </form>
  );
}
