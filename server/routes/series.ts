import { fieldError, HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';
import { calls } from '#src/contract/calls.ts';
import type { RowReader } from '#server/db/connect.ts';
import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { findBrand } from '#server/repositories/brands.ts';
import { storeImage } from '#server/repositories/images.ts';
import { nameKey } from '#src/domain/names.ts';
import { allSeries, findSeries, listSeries, seriesOfBrand } from '#server/repositories/series.ts';
import { writeUniquely } from '#server/repositories/unique.ts';

const takenName = (write: () => Promise<unknown>) => writeUniquely('seriesName', 'The series name has already been taken.', write);

const seriesPage = pagedAnswer(calls.series.response);

export function seriesRoutes({ call, db }: Api, readRows: RowReader) {
  call('series', async ({ body, reply }) =>
    seriesPage(reply, body.per_page, () => listSeries(db, readRows, '/api/series', body.filters.search, body)),
  );

  call('series/get-all-series', async () => ({ series: await allSeries(db) }));

  call('series/get-series-by-brand', async ({ body }) => ({ series: await seriesOfBrand(db, body.brandId) }));

  call('series/get-series', async ({ body }) => {
    const series = await findSeries(db, body.id);
    if (!series) throw new HttpError(404, messages.notFound);
    return { series };
  });

  const checkBrand = async (brandId: number) => {
    if (!(await findBrand(db, brandId))) throw fieldError('seriesBrandId', 'The selected brand is invalid.');
  };

  call('series/add-series', async ({ body }) => {
    await checkBrand(body.seriesBrandId);
    const now = new Date().toISOString();
    await takenName(async () => {
      await db.transaction().execute(async (trx) => {
        const imagePath = await storeImage(trx, body.seriesImage, 'seriesImage');
        await trx
          .insertInto('series')
          .values({
            brand_id: body.seriesBrandId,
            name: body.seriesName,
            name_key: nameKey(body.seriesName),
            image_path: imagePath,
            is_active: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
      });
    });
    return messages.success('Series added successfully.');
  });

  call('series/update-series', async ({ body }) => {
    if (!(await findSeries(db, body.id))) throw fieldError('id', 'The selected series is invalid.');
    await checkBrand(body.seriesBrandId);
    await takenName(async () => {
      await db.transaction().execute(async (trx) => {
        const imagePath = body.seriesImage ? await storeImage(trx, body.seriesImage, 'seriesImage') : undefined;
        await trx
          .updateTable('series')
          .set({
            brand_id: body.seriesBrandId,
            name: body.seriesName,
            name_key: nameKey(body.seriesName),
            is_active: body.seriesIsActive,
            updated_at: new Date().toISOString(),
            ...(imagePath ? { image_path: imagePath } : {}),
          })
          .where('id', '=', body.id)
          .execute();
      });
    });
    return messages.success('Series updated successfully.');
  });
}
