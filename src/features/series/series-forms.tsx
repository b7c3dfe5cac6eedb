import { zodResolver } from '@hookform/resolvers/zod';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { CallReply } from '#src/contract/calls.ts';
import { FormFeedback } from '#src/components/form-feedback.tsx';
import { SelectField, statusOptions, SubmitButton, TextField } from '#src/components/form-fields.tsx';
import { showFieldErrors } from '#src/lib/form-errors.ts';
import { toFormData } from '#src/lib/form-data.ts';
import { optionalFile, required, requiredChoice, requiredFile } from '#src/lib/form-schemas.ts';
import { useWriteCall } from '#src/lib/use-write-call.ts';
import { brandOptionsQuery } from '#src/features/brands/api.ts';
import { modelKeys } from '#src/features/models/api.ts';
import { seriesKeys } from './api.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';

// The models list and the stock picker show series names too: a saved series refreshes them at once.
const showingSeries = [seriesKeys.all, modelKeys.all];

const imageTypes = 'image/png,image/jpeg,image/webp,image/gif';

// The route loaders fetch the brands first, so the select has its options (and an edit form its
// chosen brand) from the first render.
function useBrandOptions() {
  const { data: brands } = useSuspenseQuery(brandOptionsQuery);
  return brands.map((brand) => ({ value: brand.id, label: brand.brandName }));
}

const addSeriesForm = z.object({
  seriesName: required(requiredMessages.seriesName),
  seriesImage: requiredFile(requiredMessages.seriesImage),
  seriesBrandId: requiredChoice(requiredMessages.brand),
});

export function AddSeriesForm() {
  const brandOptions = useBrandOptions();
  const form = useForm<z.input<typeof addSeriesForm>>({
    resolver: zodResolver(addSeriesForm),
    defaultValues: { seriesName: '', seriesBrandId: '' },
  });
  const write = useWriteCall('series/add-series', {
    onFieldErrors: showFieldErrors(form.setError),
    onSuccess: () => form.reset(),
    invalidates: showingSeries,
  });
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => write.submit(toFormData(values)))}>
      <FormFeedback form={form} write={write} />
      <TextField label="Series Name" error={errors.seriesName?.message} {...form.register('seriesName')} />
      <TextField
        label="Series Image"
        type="file"
        accept={imageTypes}
        error={errors.seriesImage?.message}
        {...form.register('seriesImage')}
      />
      <SelectField
        label="Brand"
        placeholder="Select brand"
        options={brandOptions}
        error={errors.seriesBrandId?.message}
        {...form.register('seriesBrandId')}
      />
      <SubmitButton busy={write.busy} />
    </form>
  );
}

const editSeriesForm = z.object({
  seriesName: required(requiredMessages.seriesName),
  seriesImage: optionalFile,
  seriesBrandId: requiredChoice(requiredMessages.brand),
  seriesIsActive: requiredChoice(requiredMessages.status),
});

export function EditSeriesForm({ series }: { series: CallReply<'series/get-series'>['series'] }) {
  const brandOptions = useBrandOptions();
  const form = useForm<z.input<typeof editSeriesForm>>({
    resolver: zodResolver(editSeriesForm),
    defaultValues: {
      seriesName: series.seriesName,
      seriesBrandId: String(series.seriesBrandId),
      seriesIsActive: String(series.seriesIsActive),
    },
  });
  const write = useWriteCall('series/update-series', { onFieldErrors: showFieldErrors(form.setError), invalidates: showingSeries });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => write.submit(toFormData({ id: series.id, version: series.version, ...values })))}
    >
      <FormFeedback form={form} write={write} />
      <img
        src={series.seriesImage}
        alt={`${series.seriesName} series`}
        className="mb-4 h-16 w-16 rounded border border-slate-200 object-contain"
      />
      <TextField label="Series Name" error={errors.seriesName?.message} {...form.register('seriesName')} />
      <TextField
        label="Series Image"
        type="file"
        accept={imageTypes}
        error={errors.seriesImage?.message}
        {...form.register('seriesImage')}
      />
      <SelectField
        label="Brand"
        placeholder="Select brand"
        options={brandOptions}
        error={errors.seriesBrandId?.message}
        {...form.register('seriesBrandId')}
      />
      <SelectField
        label="Status"
        placeholder="Select status"
        options={statusOptions}
        error={errors.seriesIsActive?.message}
        {...form.register('seriesIsActive')}
      />
      <SubmitButton busy={write.busy} />
    </form>
  );
}
