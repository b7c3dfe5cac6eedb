import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { ModelDetail } from '#src/contract/models.ts';
import { FormFeedback } from '#src/components/form-feedback.tsx';
import { SelectField, statusOptions, SubmitButton } from '#src/components/form-fields.tsx';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { requiredChoice } from '#src/lib/form-schemas.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { modelKeys } from './api.ts';
import { emptyModelFields, modelBody, ModelFields, modelFieldsSchema } from './model-fields.tsx';
import { requiredMessages } from '#src/contract/required-messages.ts';

const addModelForm = modelFieldsSchema;
type AddModelValues = z.input<typeof addModelForm>;

export function AddModelForm() {
  const form = useForm<AddModelValues>({ resolver: zodResolver(addModelForm), defaultValues: emptyModelFields });
  const write = useWriteCall('models/add-model', {
    onFieldErrors: showFieldErrors(form.setError),
    onSuccess: () => form.reset(),
    invalidates: [modelKeys.all],
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit((values) => write.submit(modelBody(values)))}>
        <FormFeedback form={form} write={write} />
        <ModelFields />
        <SubmitButton busy={write.busy} />
      </form>
    </FormProvider>
  );
}

const editModelForm = modelFieldsSchema.extend({ modelIsActive: requiredChoice(requiredMessages.status) });
type EditModelValues = z.input<typeof editModelForm>;

export function EditModelForm({ model }: { model: ModelDetail }) {
  const form = useForm<EditModelValues>({
    resolver: zodResolver(editModelForm),
    defaultValues: {
      modelName: model.modelName,
      modelCapacityKW: model.modelCapacityKW === null ? '' : String(model.modelCapacityKW),
      modelPriceUsd: String(model.modelPriceUsd),
      modelMinStock: String(model.modelMinStock),
      brandId: String(model.modelBrandId),
      modelSeriesId: String(model.modelSeriesId),
      modelIsActive: String(model.modelIsActive),
    },
  });
  const write = useWriteCall('models/update-model', { onFieldErrors: showFieldErrors(form.setError), invalidates: [modelKeys.all] });
  const errors = form.formState.errors;
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) =>
          write.submit({ id: model.id, version: model.version, ...modelBody(values), modelIsActive: values.modelIsActive }),
        )}
      >
        <FormFeedback form={form} write={write} />
        <ModelFields />
        <SelectField
          label="Status"
          placeholder="Select status"
          options={statusOptions}
          error={errors.modelIsActive?.message}
          {...form.register('modelIsActive')}
        />
        <SubmitButton busy={write.busy} />
      </form>
    </FormProvider>
  );
}
