import type { Brand } from '#src/contract/brands.ts';
import { defineCall } from '#mocks/define-call.ts';
import type { MockCall } from '#mocks/define-call.ts';
import { fieldError, HttpError } from '#src/contract/errors.ts';
import { storeImage } from '#mocks/images.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done, messages } from '#src/contract/messages.ts';
import { nameKey } from '#src/domain/names.ts';
import { isTaken, matchesSearch, orderBy } from '#mocks/names.ts';
import { pagedAnswer } from '#mocks/paged-answer.ts';
import { auditedInsert, brandFields } from '#mocks/audit.ts';
import { nextId } from '#mocks/store.ts';
import { auditedUpdate, versionOf } from '#mocks/versions.ts';
import type { MockBrand } from '#mocks/store-shape.ts';

const toBrand = (row: MockBrand): Brand => ({ id: row.id, brandName: row.name, brandImage: row.image, brandIsActive: row.isActive });
const byName = orderBy<MockBrand>(
  (row) => nameKey(row.name),
  (row) => row.id,
);
const taken = () => fieldError('brandName', fieldMessages.brandNameTaken);

export const brandCalls: MockCall[] = [
  defineCall('brands', ({ body, store }) => {
    const rows = store.brands.filter((row) => matchesSearch(body.filters.search, row.name)).sort(byName);
    return pagedAnswer('brands', body, rows.map(toBrand));
  }),

  defineCall('brands/get-all-brands', ({ store }) => ({
    brands: [...store.brands].sort(byName).map((row) => ({ id: row.id, brandName: row.name })),
  })),

  defineCall('brands/get-brand', ({ body, store }) => {
    const row = store.brands.find((brand) => brand.id === body.id);
    if (!row) throw new HttpError(404, messages.notFound);
    return { brand: { ...toBrand(row), version: versionOf(row) } };
  }),

  defineCall('brands/add-brand', ({ body, user, store }) => {
    if (isTaken(store.brands, body.brandName)) throw taken();
    const row: MockBrand = { id: nextId(store.brands), name: body.brandName, image: storeImage(body.brandImage), isActive: 1 };
    auditedInsert(store, user, store.brands, row, { action: 'brand.create', fields: brandFields });
    return done.brandAdded;
  }),

  defineCall('brands/update-brand', ({ body, user, store }) => {
    const row = store.brands.find((brand) => brand.id === body.id);
    if (!row) throw fieldError('id', fieldMessages.unknownBrand);
    auditedUpdate(store, user, {
      record: row,
      expectedVersion: body.version,
      check: () => {
        if (isTaken(store.brands, body.brandName, row.id)) throw taken();
      },
      set: (brand) => {
        brand.name = body.brandName;
        brand.isActive = body.brandIsActive;
        // No new file keeps the stored image.
        if (body.brandImage) brand.image = storeImage(body.brandImage);
      },
      audit: { action: 'brand.update', name: (after) => after.name, fields: brandFields },
    });
    return done.brandUpdated;
  }),
];
