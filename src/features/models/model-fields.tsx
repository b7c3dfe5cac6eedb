import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { SelectField, TextField } from '#src/components/form-fields.tsx';
import { required, requiredChoice } from '#src/lib/form-schemas.ts';
import { brandOptionsQuery } from '#src/features/brands/api.ts';
import { seriesByBrandQuery } from './api.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';

/** The fields Add Model and Edit Model share, with the docs/product.md §5 messages. */
export const modelFieldsSchema = z.object({
  modelName: required(requiredMessages.modelName),
  // Optional: a blank capacity is sent as '' and the contract reads it as none.
  modelCapacityKW: z.string(),
  modelPriceUsd: required(requiredMessages.modelPriceUsd),
  // Optional: blank is 0 on Add Model; the contract judges the number (docs/design.md §7.3).
  modelMinStock: z.string(),
  // Only picks the series offered; the model itself keeps just its series.
  brandId: requiredChoice(requiredMessages.brand),
  modelSeriesId: requiredChoice(requiredMessages.series),
});
type ModelFieldValues = z.input<typeof modelFieldsSchema>;

export const emptyModelFields: ModelFieldValues = {
  modelName: '',
  modelCapacityKW: '',
  modelPriceUsd: '',
  modelMinStock: '',
  brandId: '',
  modelSeriesId: '',
};

/** What add-model and update-model take of the form: everything but the brand. */
export const modelBody = ({ modelName, modelCapacityKW, modelPriceUsd, modelMinStock, modelSeriesId }: ModelFieldValues) => ({
  modelName,
  modelCapacityKW,
  modelPriceUsd,
  modelMinStock,
  modelSeriesId,
});

/**
 * Name, capacity, price, brand and series. The series offered are the chosen brand's: they
 * reload when the brand changes and the series choice resets (docs/product.md §2 Add Model). The route's
 * loader has the brands (and, when editing, the model's brand's series) in the cache already, so
 * the pre-filled selects find their options on the first render.
 */
export function ModelFields() {
  const { register, control, setValue, formState } = useFormContext<ModelFieldValues>();
  const errors = formState.errors;
  const brandId = useWatch({ control, name: 'brandId' });
  const { data: brands } = useSuspenseQuery(brandOptionsQuery);
  const series = useQuery({ ...seriesByBrandQuery(Number(brandId)), enabled: brandId !== '' });
  const seriesOptions = brandId === '' ? [] : (series.data ?? []).map((row) => ({ value: row.id, label: row.seriesName }));

  return (
    <>
      <TextField label="Model Name" error={errors.modelName?.message} {...register('modelName')} />
      <TextField
        label="Capacity in KW"
        type="number"
        step="any"
        min="0"
        inputMode="decimal"
        error={errors.modelCapacityKW?.message}
        {...register('modelCapacityKW')}
      />
      <TextField
        label="Price in Usd"
        type="number"
        step="any"
        min="0"
        inputMode="decimal"
        error={errors.modelPriceUsd?.message}
        {...register('modelPriceUsd')}
      />
      <TextField
        label="Minimum Stock"
        type="number"
        step="1"
        min="0"
        inputMode="numeric"
        error={errors.modelMinStock?.message}
        {...register('modelMinStock')}
      />
      <SelectField
        label="Brand"
        placeholder="Select brand"
        options={brands.map((brand) => ({ value: brand.id, label: brand.brandName }))}
        error={errors.brandId?.message}
        {...register('brandId', { onChange: () => setValue('modelSeriesId', '') })}
      />
      <SelectField
        label="Series"
        placeholder={series.isFetching ? 'Loading series…' : 'Select series'}
        options={seriesOptions}
        error={errors.modelSeriesId?.message}
        {...register('modelSeriesId')}
      />
    </>
  );
}
