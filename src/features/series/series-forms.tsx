import { z } from 'zod/mini';
import type { CallReply } from '#src/contract/calls.ts';
import { requiredMessages } from '#src/contract/required-messages.ts';
import { ImageInput, StatusSelect, TextInput } from '#src/components/form/bound-fields.tsx';
import { CurrentImage } from '#src/components/form/current-image.tsx';
import { addMode, editMode } from '#src/components/form/form-mode.ts';
import { WriteForm } from '#src/components/form/write-form.tsx';
import { toFormData } from '#src/lib/form-data.ts';
import { optionalFile, required, requiredChoice, requiredFile } from '#src/lib/form-schemas.ts';
import { BrandSelect } from '#src/features/brands/brand-select.tsx';
import { modelKeys } from '#src/features/models/api.ts';
import { seriesKeys } from './api.ts';

type SeriesDetail = CallReply<'series/get-series'>['series'];

// The models list and the stock picker show series names too: a saved series refreshes them at once.
const showingSeries = [seriesKeys.all, modelKeys.all];

const seriesFields = {
  seriesName: required(requiredMessages.seriesName),
  seriesBrandId: requiredChoice(requiredMessages.brand),
};

const addSeries = addMode({
  call: 'series/add-series',
  schema: z.object({ ...seriesFields, seriesImage: requiredFile(requiredMessages.seriesImage) }),
  defaultValues: { seriesName: '', seriesBrandId: '' },
  body: toFormData,
});

const editSeriesSchema = z.object({
  ...seriesFields,
  seriesImage: optionalFile,
  seriesIsActive: requiredChoice(requiredMessages.status),
});

const editSeries = (series: SeriesDetail) =>
  editMode({
    call: 'series/update-series',
    record: series,
    schema: editSeriesSchema,
    defaultValues: {
      seriesName: series.seriesName,
      seriesBrandId: String(series.seriesBrandId),
      seriesIsActive: String(series.seriesIsActive),
    },
    body: toFormData,
  });

/** Add Series without a series, Edit Series with one: its image on top and its status below. */
function SeriesForm({ series }: { series?: SeriesDetail }) {
  return (
    <WriteForm mode={series ? editSeries(series) : addSeries} invalidates={showingSeries}>
      {series && <CurrentImage src={series.seriesImage} alt={`${series.seriesName} series`} />}
      <TextInput name="seriesName" label="Series Name" />
      <ImageInput name="seriesImage" label="Series Image" />
      <BrandSelect name="seriesBrandId" />
      {series && <StatusSelect name="seriesIsActive" />}
    </WriteForm>
  );
}

export const AddSeriesForm = () => <SeriesForm />;

export const EditSeriesForm = ({ series }: { series: SeriesDetail }) => <SeriesForm series={series} />;
