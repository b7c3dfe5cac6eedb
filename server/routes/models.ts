import { calls } from '#src/contract/calls.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { done, fieldMessages, messages } from '#src/contract/messages.ts';
import type { RowReader } from '#server/db/connect.ts';
import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { filterOptions } from '#server/repositories/filter-options.ts';
import { applyImport, readImportCatalogue } from '#server/repositories/import-models.ts';
import { readImportCsv } from '#src/domain/import-csv.ts';
import { previewImport } from '#src/domain/import-models.ts';
import { allModels, findModelDetail, insertModels, listModels, modelExists, updateModel } from '#server/repositories/models.ts';
import { seriesExists } from '#server/repositories/series.ts';
import { mayFilterModelsByStatus, modelFieldsSeen } from '#src/domain/model-fields.ts';
import { addStock, listStockLogs } from '#server/repositories/stock.ts';

const modelsPage = pagedAnswer(calls.models.response);
const logsPage = pagedAnswer(calls['models/model-logs'].response);

export function modelRoutes({ call, db }: Api, readRows: RowReader) {
  call('models', async ({ body, reply, user }) => {
    if (body.filters.status !== undefined && !mayFilterModelsByStatus(user)) throw new HttpError(403, messages.forbidden);
    const seen = modelFieldsSeen(user);
    return modelsPage(reply, body.per_page, () => listModels(db, readRows, '/api/models', body.filters, body, seen));
  });

  call('models/filter-options', () => filterOptions(db));

  call('models/model-logs', async ({ body, reply }) => {
    if (!(await modelExists(db, body.filters.modelId))) throw fieldError('filters.modelId', fieldMessages.unknownModel);
    return logsPage(reply, body.per_page, () => listStockLogs(db, readRows, '/api/models/model-logs', body.filters.modelId, body));
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

  call('models/import-preview', async ({ body }) => {
    const rows = readImportCsv(body.file.bytes);
    return { preview: previewImport(rows, await readImportCatalogue(db)).preview };
  });

  call('models/import', async ({ body }) => {
    const { created, updated } = await applyImport(db, readImportCsv(body.file.bytes));
    return done.modelsImported(created, updated);
  });
}
