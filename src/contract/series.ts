import { z } from 'zod/mini';
import { activeFlag, idRequest, imageUpload, pagedRequest, searchFilters, pagedResponse } from './common.ts';
import { idField, catalogueNameField, statusField } from './fields.ts';
import { recordVersion, versionField } from './versions.ts';
import { requiredMessages } from './required-messages.ts';

export const seriesRow = z.object({
  id: z.int(),
  seriesName: z.string(),
  seriesImage: z.string(),
  seriesBrandId: z.int(),
  brandName: z.string(),
  seriesIsActive: activeFlag,
});
export type Series = z.infer<typeof seriesRow>;

export const seriesListRequest = pagedRequest(searchFilters, 30);
export const seriesListResponse = pagedResponse(seriesRow);

export const getSeriesRequest = idRequest();
export const getSeriesResponse = z.object({ series: z.extend(seriesRow, { version: recordVersion }) });

export const allSeriesResponse = z.object({
  series: z.array(z.object({ id: z.int(), seriesName: z.string(), seriesBrandId: z.int(), brandName: z.string() })),
});

export const seriesByBrandRequest = z.object({ brandId: idField(requiredMessages.brand) });
export const seriesByBrandResponse = z.object({
  series: z.array(z.object({ id: z.int(), seriesName: z.string() })),
});

export const addSeriesRequest = z.object({
  seriesName: catalogueNameField(requiredMessages.seriesName),
  seriesImage: imageUpload(requiredMessages.seriesImage, 'series image'),
  seriesBrandId: idField(requiredMessages.brand),
});

export const updateSeriesRequest = z.object({
  id: idField('The id field is required.'),
  seriesName: catalogueNameField(requiredMessages.seriesName),
  seriesImage: z.optional(imageUpload(requiredMessages.seriesImage, 'series image')),
  seriesBrandId: idField(requiredMessages.brand),
  seriesIsActive: statusField,
  version: versionField,
});
