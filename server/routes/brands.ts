import { fieldError, HttpError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { done, messages } from '#src/contract/messages.ts';
import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { allBrands, findBrand, insertBrand, listBrands, toBrandDetail, updateBrand } from '#server/repositories/brands.ts';

const brandsPage = pagedAnswer('brands');

export function brandRoutes({ call, db, store }: Api) {
  call('brands', async ({ body, reply }) => brandsPage(reply, body, () => listBrands(store, body.filters.search, body)));

  call('brands/get-all-brands', async () => ({ brands: await allBrands(db) }));

  call('brands/get-brand', async ({ body }) => {
    const row = await findBrand(db, body.id);
    if (!row) throw new HttpError(404, messages.notFound);
    return { brand: toBrandDetail(row) };
  });

  call('brands/add-brand', async ({ body, user }) => {
    await insertBrand(db, user, { name: body.brandName, image: body.brandImage, isActive: 1 });
    return done.brandAdded;
  });

  call('brands/update-brand', async ({ body, user }) => {
    if (!(await findBrand(db, body.id))) throw fieldError('id', fieldMessages.unknownBrand);
    await updateBrand(db, user, body.id, {
      name: body.brandName,
      image: body.brandImage,
      isActive: body.brandIsActive,
      expectedVersion: body.version,
    });
    return done.brandUpdated;
  });
}
