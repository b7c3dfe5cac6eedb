import { fieldError, HttpError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done, messages } from '#src/contract/messages.ts';
import { csvAnswer } from '#server/http/csv-answer.ts';
import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { filterOptions } from '#server/repositories/filter-options.ts';
import { applyImport, readImportCatalogue, storeRows } from '#server/repositories/import-models.ts';
import { readImportCsvInSlices } from '#server/http/read-import-csv.ts';
import { previewJson } from '#server/http/preview-json.ts';
import { importPreviewResponse } from '#src/contract/import.ts';
import { sendJsonPieces } from '#server/http/rows-json.ts';
import { readingAFile } from '#server/http/file-reading.ts';
import { oneImportAtATime } from '#server/repositories/import-lock.ts';
import { catalogueMark, keepPlan, takePlan } from '#server/repositories/previewed-plans.ts';
import { previewImportInSlices } from '#src/domain/import-models.ts';
import { allModels, findModelDetail, insertModels, modelExists, updateModel } from '#server/repositories/models.ts';
import { allMatchingModels, listModels } from '#server/repositories/models-list.ts';
import { seesUnsellable } from '#src/domain/sellable.ts';
import { seriesExists } from '#server/repositories/series.ts';
import { readCurrentVariables, readVariables } from '#server/repositories/variables.ts';
import { modelSheet } from '#src/domain/model-export.ts';
import { modelFigures, modelRowShape } from '#src/domain/model-figures.ts';
import { modelDetailFor } from '#src/domain/model-fields.ts';
import { mayAskModels } from '#src/domain/model-sort.ts';
import { listStockLogs } from '#server/repositories/stock.ts';
import { modelsScopeOf } from './models-scope.ts';

const modelsPage = pagedAnswer('models');
const logsPage = pagedAnswer('models/model-logs');
const importPreviewJson = previewJson(importPreviewResponse);

export function modelRoutes({ call, db, store }: Api) {
  call('models', async ({ body, reply, user }) => {
    if (!mayAskModels(user, body)) throw new HttpError(403, messages.forbidden);
    const variables = await readCurrentVariables(store);
    const shape = modelRowShape(user, variables);
    const scope = await modelsScopeOf(db, user, body.filters, variables.tr);
    return modelsPage(reply, body, () => listModels(store, { ...body, scope }, body, shape));
  });

  call('models/filter-options', async ({ user }) => filterOptions(db, !seesUnsellable(user), (await readVariables(db)).tr));

  // Every matching row, the role's columns, the screen's figures from the stored variables.
  call('models/export', async ({ body, reply, user }) => {
    if (!mayAskModels(user, body)) throw new HttpError(403, messages.forbidden);
    const variables = await readCurrentVariables(store);
    const sheet = modelSheet(user, modelFigures(variables), body.columns);
    const scope = await modelsScopeOf(db, user, body.filters, variables.tr);
    return csvAnswer(reply, sheet, allMatchingModels(store, { ...body, scope }, modelRowShape(user, variables)));
  });

  call('models/model-logs', async ({ body, reply }) => {
    if (!(await modelExists(db, body.filters.modelId))) throw fieldError('filters.modelId', fieldMessages.unknownModel);
    return logsPage(reply, body, () => listStockLogs(store, body.filters.modelId, body));
  });

  call('models/get-model', async ({ body, user }) => {
    const model = await findModelDetail(db, body.id);
    if (!model) throw new HttpError(404, messages.notFound);
    return { model: modelDetailFor(user, model) };
  });

  call('models/get-all-models', async () => ({ models: await allModels(db) }));

  const checkSeries = async (id: number) => {
    if (!(await seriesExists(db, id))) throw fieldError('modelSeriesId', fieldMessages.unknownSeries);
  };
  const modelValues = (body: {
    modelSeriesId: number;
    modelName: string;
    modelCapacityKW: number | null;
    modelPriceUsd: number;
    modelMinStock?: number | undefined;
  }) => ({
    seriesId: body.modelSeriesId,
    name: body.modelName,
    capacityKw: body.modelCapacityKW,
    priceUsd: body.modelPriceUsd,
    minStock: body.modelMinStock,
  });

  call('models/add-model', async ({ body, user }) => {
    await checkSeries(body.modelSeriesId);
    await insertModels(db, user, [{ ...modelValues(body), isActive: 1 }]);
    return done.modelAdded;
  });

  call('models/update-model', async ({ body, user }) => {
    if (!(await modelExists(db, body.id))) throw fieldError('id', fieldMessages.unknownModel);
    await checkSeries(body.modelSeriesId);
    await updateModel(db, user, body.id, { ...modelValues(body), isActive: body.modelIsActive, expectedVersion: body.version });
    return done.modelUpdated;
  });

  // A plan with no row in error is kept for this admin's apply of the same file (previewed-plans.ts).
  call('models/import-preview', ({ body, user, reply }) =>
    readingAFile(async () => {
      const rows = await readImportCsvInSlices(body.file.bytes);
      const mark = await catalogueMark(db);
      const { preview, plan } = await previewImportInSlices(rows, await readImportCatalogue(db, storeRows(store)));
      if (mark !== undefined && preview.summary.error === 0) await keepPlan(db, user.id, body.file.bytes, { plan, mark });
      return sendJsonPieces(reply, importPreviewJson(preview));
    }),
  );

  // One import at a time per database (import-lock.ts), from the moment one starts reading its file.
  call('models/import', ({ body, user }) =>
    oneImportAtATime(db, async () => {
      const readRows = () => readingAFile(() => readImportCsvInSlices(body.file.bytes));
      const kept = await takePlan(db, user.id, body.file.bytes);
      // Without a kept plan the file is read before the transaction, so SQLite's write lock is not
      // held meanwhile; with one, only if the catalogue changed since its preview.
      const rows = kept ? undefined : await readRows();
      const { created, updated } = await applyImport(db, user, rows ? async () => rows : readRows, kept);
      return done.modelsImported(created, updated);
    }),
  );
}
