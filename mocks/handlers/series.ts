import type { Series } from '#src/contract/series.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { storeImage } from '#mocks/images.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done, messages } from '#src/contract/messages.ts';
import { nameKey } from '#src/domain/names.ts';
import { isTaken, matchesSearch, orderBy } from '#mocks/names.ts';
import { pagedAnswer } from '#mocks/paged-answer.ts';
import { auditedInsert, seriesFields } from '#mocks/audit.ts';
import { nextId } from '#mocks/store.ts';
import { auditedUpdate, versionOf } from '#mocks/versions.ts';
import type { MockBrand, MockSeries, MockStore } from '#mocks/store-shape.ts';

type Joined = { series: MockSeries; brand: MockBrand };

// Inner join, as the server's queries: a series always has its brand.
const withBrands = (store: MockStore): Joined[] =>
  store.series.flatMap((series) => {
    const brand = store.brands.find((row) => row.id === series.brandId);
    return brand ? [{ series, brand }] : [];
  });

const toSeries = ({ series, brand }: Joined): Series => ({
  id: series.id,
  seriesName: series.name,
  seriesImage: series.image,
  seriesBrandId: series.brandId,
  brandName: brand.name,
  seriesIsActive: series.isActive,
});

const byBrandThenName = orderBy<Joined>(
  ({ brand }) => nameKey(brand.name),
  ({ series }) => nameKey(series.name),
  ({ series }) => series.id,
);
const taken = () => fieldError('seriesName', fieldMessages.seriesNameTaken);

function checkBrand(store: MockStore, brandId: number) {
  if (!store.brands.some((brand) => brand.id === brandId)) throw fieldError('seriesBrandId', fieldMessages.unknownBrand);
}

// A series name is unique within its brand.
const sameBrand = (store: MockStore, brandId: number) => store.series.filter((series) => series.brandId === brandId);

export const seriesCalls: MockCall[] = [
  defineCall('series', ({ body, store }) => {
    const rows = withBrands(store)
      .filter(({ series, brand }) => matchesSearch(body.filters.search, series.name, brand.name))
      .sort(byBrandThenName);
    return pagedAnswer('series', body, rows.map(toSeries));
  }),

  defineCall('series/get-all-series', ({ store }) => ({
    series: withBrands(store)
      .sort(byBrandThenName)
      .map(({ series, brand }) => ({ id: series.id, seriesName: series.name, seriesBrandId: series.brandId, brandName: brand.name })),
  })),

  // An unknown brand simply has no series, as on the server.
  defineCall('series/get-series-by-brand', ({ body, store }) => ({
    series: sameBrand(store, body.brandId)
      .sort(
        orderBy(
          (series) => nameKey(series.name),
          (series) => series.id,
        ),
      )
      .map((series) => ({ id: series.id, seriesName: series.name })),
  })),

  defineCall('series/get-series', ({ body, store }) => {
    const row = withBrands(store).find(({ series }) => series.id === body.id);
    if (!row) throw new HttpError(404, messages.notFound);
    return { series: { ...toSeries(row), version: versionOf(row.series) } };
  }),

  defineCall('series/add-series', ({ body, user, store }) => {
    checkBrand(store, body.seriesBrandId);
    if (isTaken(sameBrand(store, body.seriesBrandId), body.seriesName)) throw taken();
    const row: MockSeries = {
      id: nextId(store.series),
      brandId: body.seriesBrandId,
      name: body.seriesName,
      image: storeImage(body.seriesImage),
      isActive: 1,
    };
    auditedInsert(store, user, store.series, row, { action: 'series.create', fields: seriesFields });
    return done.seriesAdded;
  }),

  defineCall('series/update-series', ({ body, user, store }) => {
    const row = store.series.find((series) => series.id === body.id);
    if (!row) throw fieldError('id', fieldMessages.unknownSeries);
    auditedUpdate(store, user, {
      record: row,
      expectedVersion: body.version,
      check: () => {
        checkBrand(store, body.seriesBrandId);
        if (isTaken(sameBrand(store, body.seriesBrandId), body.seriesName, row.id)) throw taken();
      },
      set: (series) => {
        series.brandId = body.seriesBrandId;
        series.name = body.seriesName;
        series.isActive = body.seriesIsActive;
        if (body.seriesImage) series.image = storeImage(body.seriesImage);
      },
      audit: { action: 'series.update', name: (after) => after.name, fields: seriesFields },
    });
    return done.seriesUpdated;
  }),
];
