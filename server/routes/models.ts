import { calls } from '#src/contract/calls.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { done, fieldMessages, messages } from '#src/contract/messages.ts';
import type { RowReader } from '#server/db/connect.ts';
import { pagedJson } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { takeTurns } from '#server/http/take-turns.ts';
import { filterOptions } from '#server/repositories/filter-options.ts';
import { allModels, findModelDetail, insertModels, listModels, modelExists, updateModel } from '#server/repositories/models.ts';
import { seriesExists } from '#server/repositories/series.ts';
import { addStock, listStockLogs } from '#server/repositories/stock.ts';

const modelsJson = pagedJson(calls.models.response);
// A page of thousands of rows (All) holds them in memory until it is written. Such pages take
// turns: ten at once would fill the young generation, and copying them in garbage collection
// stalled the event loop for hundreds of milliseconds.
const LARGE_PAGE = 1_000;

export function modelRoutes({ call, db }: Api, readRows: RowReader) {
  const largePages = takeTurns(1);
  call('models', async ({ body, reply }) => {
    const answer = async () => modelsJson(await listModels(db, readRows, '/api/models', body.filters, body));
    const json = body.per_page > LARGE_PAGE ? await largePages(answer) : await answer();
    return reply.type('application/json; charset=utf-8').send(json);
  });

  call('models/filter-options', () => filterOptions(db));

  call('models/model-logs', async ({ body }) => {
    if (!(await modelExists(db, body.filters.modelId))) throw fieldError('filters.modelId', fieldMessages.unknownModel);
    return { tableData: await listStockLogs(db, '/api/models/model-logs', body.filters.modelId, body) };
  });

  call('models/get-model', async ({ body }) => {
    const model = await findModelDetail(db, body.id);
    if (!model) throw new HttpError(404, messages.notFound);
    return { model };
  });

  call('models/get-all-models', async () => ({ models: await allModels(db) }));

  call('models/add-stock', async ({ body, user }) => {
    if (!(await addStock(db, body.id, body.modelQuantity, user.id))) throw fieldError('id', fieldMessages.unknownModel);
    return done.stockAdded;
  });

  const checkSeries = async (id: number) => {
    if (!(await seriesExists(db, id))) throw fieldError('modelSeriesId', fieldMessages.unknownSeries);
  };
  const modelValues = (body: { modelSeriesId: number; modelName: string; modelCapacityKW: number | null; modelPriceUsd: number }) => ({
    seriesId: body.modelSeriesId,
    name: body.modelName,
    capacityKw: body.modelCapacityKW,
    priceUsd: body.modelPriceUsd,
  });

  call('models/add-model', async ({ body }) => {
    await checkSeries(body.modelSeriesId);
    await insertModels(db, [{ ...modelValues(body), isActive: 1 }]);
    return done.modelAdded;
  });

  call('models/update-model', async ({ body }) => {
    if (!(await modelExists(db, body.id))) throw fieldError('id', fieldMessages.unknownModel);
    await checkSeries(body.modelSeriesId);
    await updateModel(db, body.id, { ...modelValues(body), isActive: body.modelIsActive, expectedVersion: body.version });
    return done.modelUpdated;
  });
}
