import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod/mini';
import type { ModelDetail } from '#src/contract/models.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';
import { SelectInput, StatusSelect, TextInput } from '#src/components/form/bound-fields.tsx';
import { addMode, editMode } from '#src/components/form/form-mode.ts';
import { WriteForm } from '#src/components/form/write-form.tsx';
import { required, requiredChoice } from '#src/lib/form-schemas.ts';
import { BrandSelect } from '#src/features/brands/brand-select.tsx';
import { modelKeys, seriesByBrandQuery } from './api.ts';

/** The fields Add Model and Edit Model share, with the docs/product.md §5 messages. */
const modelFields = {
  modelName: required(requiredMessages.modelName),
  // Optional: a blank capacity is sent as '' and the contract reads it as none.
  modelCapacityKW: z.string(),
  modelPriceUsd: required(requiredMessages.modelPriceUsd),
  // Optional: blank is 0 on Add Model; the contract judges the number (docs/design.md §7.3).
  modelMinStock: z.string(),
  // Only picks the series offered; the model itself keeps just its series.
  brandId: requiredChoice(requiredMessages.brand),
  modelSeriesId: requiredChoice(requiredMessages.series),
};

/** What add-model and update-model take of the form: everything but the brand. */
const modelBody = <V extends { brandId: string }>({ brandId: _brandId, ...body }: V) => body;

const addModel = addMode({
  call: 'models/add-model',
  schema: z.object(modelFields),
  defaultValues: { modelName: '', modelCapacityKW: '', modelPriceUsd: '', modelMinStock: '', brandId: '', modelSeriesId: '' },
  body: modelBody,
});

const editModelSchema = z.object({ ...modelFields, modelIsActive: requiredChoice(requiredMessages.status) });

const editModel = (model: ModelDetail) =>
  editMode({
    call: 'models/update-model',
    record: model,
    follows: { event: 'models', queryKey: modelKeys.detail(model.id) },
    schema: editModelSchema,
    defaultValues: {
      modelName: model.modelName,
      modelCapacityKW: model.modelCapacityKW === null ? '' : String(model.modelCapacityKW),
      modelPriceUsd: String(model.modelPriceUsd),
      modelMinStock: String(model.modelMinStock),
      brandId: String(model.modelBrandId),
      modelSeriesId: String(model.modelSeriesId),
      modelIsActive: String(model.modelIsActive),
    },
    body: modelBody,
  });

/**
 * The brand, then the chosen brand's series: they reload when the brand changes and the series
 * choice resets (docs/product.md §2 Add Model). The route's loader has the edited model's brand's
 * series in the cache already, so the pre-filled select finds its option on the first render.
 */
function BrandAndSeries() {
  const { setValue } = useFormContext();
  const brandId = useWatch({ name: 'brandId' }) as string;
  const series = useQuery({ ...seriesByBrandQuery(Number(brandId)), enabled: brandId !== '' });
  const options = brandId === '' ? [] : (series.data ?? []).map((row) => ({ value: row.id, label: row.seriesName }));
  return (
    <>
      <BrandSelect name="brandId" onChange={() => setValue('modelSeriesId', '')} />
      <SelectInput
        name="modelSeriesId"
        label="Series"
        placeholder={series.isFetching ? 'Loading series…' : 'Select series'}
        options={options}
      />
    </>
  );
}

/** Add Model without a model, Edit Model with one and its status. */
function ModelForm({ model }: { model?: ModelDetail }) {
  return (
    <WriteForm mode={model ? editModel(model) : addModel} invalidates={[modelKeys.all]}>
      <TextInput name="modelName" label="Model Name" />
      <TextInput name="modelCapacityKW" label="Capacity in KW" type="number" step="any" min="0" inputMode="decimal" />
      <TextInput name="modelPriceUsd" label="Price in Usd" type="number" step="any" min="0" inputMode="decimal" />
      <TextInput name="modelMinStock" label="Minimum Stock" type="number" step="1" min="0" inputMode="numeric" />
      <BrandAndSeries />
      {model && <StatusSelect name="modelIsActive" />}
    </WriteForm>
  );
}

export const AddModelForm = () => <ModelForm />;

export const EditModelForm = ({ model }: { model: ModelDetail }) => <ModelForm model={model} />;
