import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CallReply } from '#src/contract/calls.ts';
import { FormFeedback } from '#src/components/form-feedback.tsx';
import { SelectField, statusOptions, SubmitButton, TextField } from '#src/components/form-fields.tsx';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { toFormData } from '#src/lib/form-data.ts';
import { optionalFile, required, requiredChoice, requiredFile } from '#src/lib/form-schemas.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { modelKeys } from '#src/features/models/api.ts';
import { seriesKeys } from '#src/features/series/api.ts';
import { brandKeys } from './api.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';

// The series list and the models list show brand names too: a saved brand refreshes them at once.
const showingBrands = [brandKeys.all, seriesKeys.all, modelKeys.all];

const addBrandForm = z.object({
  brandName: required(requiredMessages.brandName),
  brandImage: requiredFile(requiredMessages.brandImage),
});

export function AddBrandForm() {
  const form = useForm<z.input<typeof addBrandForm>>({ resolver: zodResolver(addBrandForm), defaultValues: { brandName: '' } });
  const write = useWriteCall('brands/add-brand', {
    onFieldErrors: showFieldErrors(form.setError),
    onSuccess: () => form.reset(),
    invalidates: showingBrands,
  });
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => write.submit(toFormData(values)))}>
      <FormFeedback form={form} write={write} />
      <TextField label="Brand Name" error={errors.brandName?.message} {...form.register('brandName')} />
      <TextField
        label="Brand Image"
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        error={errors.brandImage?.message}
        {...form.register('brandImage')}
      />
      <SubmitButton busy={write.busy} />
    </form>
  );
}

const editBrandForm = z.object({
  brandName: required(requiredMessages.brandName),
  brandImage: optionalFile,
  brandIsActive: requiredChoice(requiredMessages.status),
});

export function EditBrandForm({ brand }: { brand: CallReply<'brands/get-brand'>['brand'] }) {
  const form = useForm<z.input<typeof editBrandForm>>({
    resolver: zodResolver(editBrandForm),
    defaultValues: { brandName: brand.brandName, brandIsActive: String(brand.brandIsActive) },
  });
  const write = useWriteCall('brands/update-brand', { onFieldErrors: showFieldErrors(form.setError), invalidates: showingBrands });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => write.submit(toFormData({ id: brand.id, version: brand.version, ...values })))}
    >
      <FormFeedback form={form} write={write} />
      <img
        src={brand.brandImage}
        alt={`${brand.brandName} logo`}
        className="mb-4 h-16 w-16 rounded border border-slate-200 object-contain"
      />
      <TextField label="Brand Name" error={errors.brandName?.message} {...form.register('brandName')} />
      <TextField
        label="Brand Image"
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        error={errors.brandImage?.message}
        {...form.register('brandImage')}
      />
      <SelectField
        label="Status"
        placeholder="Select status"
        options={statusOptions}
        error={errors.brandIsActive?.message}
        {...form.register('brandIsActive')}
      />
      <SubmitButton busy={write.busy} />
    </form>
  );
}
