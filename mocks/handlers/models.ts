import type { ModelRow } from '#src/contract/models.ts';
import { catalogue, toModelDetail, toModelRow } from '#mocks/catalogue.ts';
import type { CatalogueRow } from '#mocks/store-shape.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done, messages } from '#src/contract/messages.ts';
import { modelDetailFor } from '#src/domain/model-fields.ts';
import { BYTE_ORDER_MARK, modelSheet } from '#src/domain/model-export.ts';
import { modelFigures, modelRowShape, type ModelRowShape } from '#src/domain/model-figures.ts';
import { mayAskModels } from '#src/domain/model-sort.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { seesUnsellable } from '#src/domain/sellable.ts';
import { matchingRows, offeredSizes } from '#mocks/model-rows.ts';
import { nameKey } from '#src/domain/names.ts';
import { isTaken, orderBy } from '#mocks/names.ts';
import { pagedAnswer } from '#mocks/paged-answer.ts';
import { auditedInsert, modelFields } from '#mocks/audit.ts';
import { nextId } from '#mocks/store.ts';
import { auditedUpdate } from '#mocks/versions.ts';
import type { MockModel, MockStore } from '#mocks/store-shape.ts';

// The stock selector's order (the server breaks ties by model id only).
const optionOrder = orderBy<CatalogueRow>(
  ({ brand }) => nameKey(brand.name),
  ({ series }) => nameKey(series.name),
  ({ model }) => nameKey(model.name),
  ({ model }) => model.id,
);

const byName = orderBy<{ id: number; name: string }>(
  (row) => nameKey(row.name),
  (row) => row.id,
);

// As server/repositories/filter-options.ts answers: inactive brands and series only for those who see inactive models.
const filterOptions = (store: MockStore, user: SessionUser) => {
  const shown = <Row extends { isActive: number }>(rows: Row[]) => (seesUnsellable(user) ? rows : rows.filter((row) => row.isActive === 1));
  return {
    brands: shown([...store.brands])
      .sort(byName)
      .map((brand) => ({
        id: brand.id,
        brandName: brand.name,
        series: shown(store.series.filter((series) => series.brandId === brand.id))
          .sort(byName)
          .map((series) => ({ id: series.id, seriesName: series.name })),
      })),
    sizes: offeredSizes(store, user),
  };
};

// A row as the server writes it for this user: without the fields the user's role does not
// receive, and the Total in place of the USD price for those who receive that (src/domain/model-fields.ts).
const withFieldsSeen =
  ({ seen, totalOf }: ModelRowShape) =>
  (row: CatalogueRow): ModelRow => {
    const { modelPriceUsd, modelQuantity, modelMinStock, modelIsActive, ...shared } = toModelRow(row);
    return {
      ...shared,
      ...(totalOf ? { modelTotal: totalOf(row.model.priceUsd) } : { modelPriceUsd }),
      ...(seen.modelQuantity && { modelQuantity }),
      ...(seen.modelMinStock && { modelMinStock }),
      ...(seen.modelIsActive && { modelIsActive }),
    };
  };

const taken = () => fieldError('modelName', fieldMessages.modelNameTaken);

function checkSeries(store: MockStore, seriesId: number) {
  if (!store.series.some((series) => series.id === seriesId)) throw fieldError('modelSeriesId', fieldMessages.unknownSeries);
}

// A model name is unique within its series.
const sameSeries = (store: MockStore, seriesId: number) => store.models.filter((model) => model.seriesId === seriesId);

export const modelCalls: MockCall[] = [
  defineCall('models', ({ body, store, user }) => {
    if (!mayAskModels(user, body)) throw new HttpError(403, messages.forbidden);
    return pagedAnswer('models', body, matchingRows(store, user, body).map(withFieldsSeen(modelRowShape(user, store.variables))));
  }),

  defineCall('models/export', ({ body, store, user }) => {
    if (!mayAskModels(user, body)) throw new HttpError(403, messages.forbidden);
    const sheet = modelSheet(user, modelFigures(store.variables), body.columns);
    const rows = matchingRows(store, user, body).map(withFieldsSeen(modelRowShape(user, store.variables)));
    return BYTE_ORDER_MARK + sheet.header + rows.map(sheet.record).join('');
  }),

  defineCall('models/filter-options', ({ store, user }) => filterOptions(store, user)),

  defineCall('models/get-model', ({ body, store, user }) => {
    const row = catalogue(store).find(({ model }) => model.id === body.id);
    if (!row) throw new HttpError(404, messages.notFound);
    return { model: modelDetailFor(user, toModelDetail(row)) };
  }),

  defineCall('models/get-all-models', ({ store }) => ({
    models: catalogue(store)
      .sort(optionOrder)
      .map(({ model, series, brand }) => ({ id: model.id, modelName: model.name, seriesName: series.name, brandName: brand.name })),
  })),

  defineCall('models/add-model', ({ body, user, store }) => {
    checkSeries(store, body.modelSeriesId);
    if (isTaken(sameSeries(store, body.modelSeriesId), body.modelName)) throw taken();
    const row: MockModel = {
      id: nextId(store.models),
      seriesId: body.modelSeriesId,
      name: body.modelName,
      capacityKw: body.modelCapacityKW,
      priceUsd: body.modelPriceUsd,
      quantity: 0,
      minStock: body.modelMinStock,
      isActive: 1,
    };
    auditedInsert(store, user, store.models, row, { action: 'model.create', fields: modelFields });
    return done.modelAdded;
  }),

  defineCall('models/update-model', ({ body, user, store }) => {
    const row = store.models.find((model) => model.id === body.id);
    if (!row) throw fieldError('id', fieldMessages.unknownModel);
    auditedUpdate(store, user, {
      record: row,
      expectedVersion: body.version,
      check: () => {
        checkSeries(store, body.modelSeriesId);
        if (isTaken(sameSeries(store, body.modelSeriesId), body.modelName, row.id)) throw taken();
      },
      set: (model) =>
        Object.assign(model, {
          seriesId: body.modelSeriesId,
          name: body.modelName,
          capacityKw: body.modelCapacityKW,
          priceUsd: body.modelPriceUsd,
          isActive: body.modelIsActive,
          // Missing: the stored threshold stays.
          ...(body.modelMinStock !== undefined && { minStock: body.modelMinStock }),
        }),
      audit: { action: 'model.update', name: (after) => after.name, fields: modelFields },
    });
    return done.modelUpdated;
  }),
];
