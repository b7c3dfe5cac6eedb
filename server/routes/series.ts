import { fieldError, HttpError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done, messages } from '#src/contract/messages.ts';
import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { findBrand } from '#server/repositories/brands.ts';
import { allSeries, findSeries, insertSeries, listSeries, seriesOfBrand, updateSeries } from '#server/repositories/series.ts';

const seriesPage = pagedAnswer('series');

export function seriesRoutes({ call, db, store }: Api) {
  call('series', async ({ body, reply }) => seriesPage(reply, body, () => listSeries(store, body.filters.search, body)));

  call('series/get-all-series', async () => ({ series: await allSeries(db) }));

  call('series/get-series-by-brand', async ({ body }) => ({ series: await seriesOfBrand(db, body.brandId) }));

  call('series/get-series', async ({ body }) => {
    const series = await findSeries(db, body.id);
    if (!series) throw new HttpError(404, messages.notFound);
    return { series };
  });

  const checkBrand = async (brandId: number) => {
    if (!(await findBrand(db, brandId))) throw fieldError('seriesBrandId', fieldMessages.unknownBrand);
  };

  call('series/add-series', async ({ body, user }) => {
    await checkBrand(body.seriesBrandId);
    await insertSeries(db, user, { brandId: body.seriesBrandId, name: body.seriesName, image: body.seriesImage, isActive: 1 });
    return done.seriesAdded;
  });

  call('series/update-series', async ({ body, user }) => {
    if (!(await findSeries(db, body.id))) throw fieldError('id', fieldMessages.unknownSeries);
    await checkBrand(body.seriesBrandId);
    await updateSeries(db, user, body.id, {
      brandId: body.seriesBrandId,
      name: body.seriesName,
      image: body.seriesImage,
      isActive: body.seriesIsActive,
      expectedVersion: body.version,
    });
    return done.seriesUpdated;
  });
}
