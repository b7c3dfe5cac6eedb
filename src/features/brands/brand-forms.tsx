import { z } from 'zod/mini';
import type { CallReply } from '#src/contract/calls.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';
import { ImageInput, StatusSelect, TextInput } from '#src/components/form/bound-fields.tsx';
import { CurrentImage } from '#src/components/form/current-image.tsx';
import { addMode, editMode } from '#src/components/form/form-mode.ts';
import { WriteForm } from '#src/components/form/write-form.tsx';
import { toFormData } from '#src/lib/form-data.ts';
import { optionalFile, required, requiredChoice, requiredFile } from '#src/lib/form-schemas.ts';
import { modelKeys } from '#src/features/models/api.ts';
import { seriesKeys } from '#src/features/series/api.ts';
import { brandKeys } from './api.ts';

type BrandDetail = CallReply<'brands/get-brand'>['brand'];

// The series list and the models list show brand names too: a saved brand refreshes them at once.
const showingBrands = [brandKeys.all, seriesKeys.all, modelKeys.all];

const brandName = required(requiredMessages.brandName);

const addBrand = addMode({
  call: 'brands/add-brand',
  schema: z.object({ brandName, brandImage: requiredFile(requiredMessages.brandImage) }),
  defaultValues: { brandName: '' },
  body: toFormData,
});

const editBrandSchema = z.object({ brandName, brandImage: optionalFile, brandIsActive: requiredChoice(requiredMessages.status) });

const editBrand = (brand: BrandDetail) =>
  editMode({
    call: 'brands/update-brand',
    record: brand,
    schema: editBrandSchema,
    defaultValues: { brandName: brand.brandName, brandIsActive: String(brand.brandIsActive) },
    body: toFormData,
  });

/** Add Brand without a brand, Edit Brand with one: its logo on top and its status below. */
function BrandForm({ brand }: { brand?: BrandDetail }) {
  return (
    <WriteForm mode={brand ? editBrand(brand) : addBrand} invalidates={showingBrands}>
      {brand && <CurrentImage src={brand.brandImage} alt={`${brand.brandName} logo`} />}
      <TextInput name="brandName" label="Brand Name" />
      <ImageInput name="brandImage" label="Brand Image" />
      {brand && <StatusSelect name="brandIsActive" />}
    </WriteForm>
  );
}

export const AddBrandForm = () => <BrandForm />;

export const EditBrandForm = ({ brand }: { brand: BrandDetail }) => <BrandForm brand={brand} />;
