import { z } from 'zod/mini';
import { activeFlag, idRequest, imageUpload, pagedRequest, searchFilters, pagedResponse } from './common.ts';
import { idField, catalogueNameField, statusField } from './fields.ts';
import { recordVersion, versionField } from './versions.ts';
import { requiredMessages } from './required-messages.ts';

export const brandRow = z.object({
  id: z.int(),
  brandName: z.string(),
  brandImage: z.string(),
  brandIsActive: activeFlag,
});
export type Brand = z.infer<typeof brandRow>;

export const brandsRequest = pagedRequest(searchFilters, 30);
export const brandsResponse = pagedResponse(brandRow);

export const getBrandRequest = idRequest();
export const getBrandResponse = z.object({ brand: z.extend(brandRow, { version: recordVersion }) });

export const allBrandsResponse = z.object({
  brands: z.array(z.object({ id: z.int(), brandName: z.string() })),
});

export const addBrandRequest = z.object({
  brandName: catalogueNameField(requiredMessages.brandName),
  brandImage: imageUpload(requiredMessages.brandImage, 'brand image'),
});

export const updateBrandRequest = z.object({
  id: idField('The id field is required.'),
  brandName: catalogueNameField(requiredMessages.brandName),
  brandImage: z.optional(imageUpload(requiredMessages.brandImage, 'brand image')),
  brandIsActive: statusField,
  version: versionField,
});
