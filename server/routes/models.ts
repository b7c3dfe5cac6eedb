import { calls } from '#src/contract/calls.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';
import type { RowReader } from '#server/db/connect.ts';
import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { allModels, centsFromUsd, findModelDetail, listModels, milliFromKw } from '#server/repositories/models.ts';
import { mayFilterModelsByStatus, modelFieldsSeen } from '#src/domain/model-fields.ts';
import { nameKey } from '#src/domain/names.ts';
import { addStock, listStockLogs } from '#server/repositories/stock.ts';
import { writeUniquely } from '#server/repositories/unique.ts';

const takenName = (write: () => Promise<unknown>) => writeUniquely('modelName', 'The model name has already been taken.', write);

const modelsPage = pagedAnswer(calls.models.response);
const logsPage = pagedAnswer(calls['models/model-logs'].response);

export function modelRoutes({ call, db }: Api, readRows: RowReader) {
  call('models', async ({ body, reply, user }) => {
    if (body.filters.status !== undefined && !mayFilterModelsByStatus(user)) throw new HttpError(403, messages.forbidden);
    const seen = modelFieldsSeen(user);
    return modelsPage(reply, body.per_page, () => listModels(db, readRows, '/api/models', body.filters, body, seen));
  });

  call('models/model-logs', async ({ body, reply }) => {
    const exists = await db.selectFrom('models').select('id').where('id', '=', body.filters.modelId).executeTakeFirst();
    if (!exists) throw fieldError('filters.modelId', 'The selected model is invalid.');
    return logsPage(reply, body.per_page, () => listStockLogs(db, readRows, '/api/models/model-logs', body.filters.modelId, body));
  });

  call('models/get-model', async ({ body }) => {
    const model = await findModelDetail(db, body.id);
    if (!model) throw new HttpError(404, messages.notFound);
    return { model };
  });

  call('models/get-all-models', async () => ({ models: await allModels(db) }));

  call('models/add-stock', async ({ body, user }) => {
    if (!(await addStock(db, body.id, body.modelQuantity, user.id))) throw fieldError('id', 'The selected model is invalid.');
    return messages.success('Stock added successfully.');
  });

  const seriesExists = async (id: number) => Boolean(await db.selectFrom('series').select('id').where('id', '=', id).executeTakeFirst());

  call('models/add-model', async ({ body }) => {
    if (!(await seriesExists(body.modelSeriesId))) throw fieldError('modelSeriesId', 'The selected series is invalid.');
    const now = new Date().toISOString();
    await takenName(async () => {
      await db
        .insertInto('models')
        .values({
          series_id: body.modelSeriesId,
          name: body.modelName,
          name_key: nameKey(body.modelName),
          capacity_milli_kw: milliFromKw(body.modelCapacityKW),
          price_cents: centsFromUsd(body.modelPriceUsd),
          is_active: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    return messages.success('Model added successfully.');
  });

  call('models/update-model', async ({ body }) => {
    if (!(await db.selectFrom('models').select('id').where('id', '=', body.id).executeTakeFirst())) {
      throw fieldError('id', 'The selected model is invalid.');
    }
    if (!(await seriesExists(body.modelSeriesId))) throw fieldError('modelSeriesId', 'The selected series is invalid.');
    await takenName(async () => {
      await db
        .updateTable('models')
        .set({
          series_id: body.modelSeriesId,
          name: body.modelName,
          name_key: nameKey(body.modelName),
          capacity_milli_kw: milliFromKw(body.modelCapacityKW),
          price_cents: centsFromUsd(body.modelPriceUsd),
          is_active: body.modelIsActive,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', body.id)
        .execute();
    });
    return messages.success('Model updated successfully.');
  });
}
