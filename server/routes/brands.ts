import { fieldError, HttpError } from '#src/contract/errors.ts';
import { messages } from '#src/contract/messages.ts';
import { calls } from '#src/contract/calls.ts';
import type { RowReader } from '#server/db/connect.ts';
import { pagedAnswer } from '#server/http/paged-json.ts';
import type { Api } from '#server/http/register-call.ts';
import { allBrands, findBrand, listBrands, toBrand } from '#server/repositories/brands.ts';
import { storeImage } from '#server/repositories/images.ts';
import { writeUniquely } from '#server/repositories/unique.ts';
import { nameKey } from '#src/domain/names.ts';

const takenName = (write: () => Promise<unknown>) => writeUniquely('brandName', 'The brand name has already been taken.', write);

const brandsPage = pagedAnswer(calls.brands.response);

export function brandRoutes({ call, db }: Api, readRows: RowReader) {
  call('brands', async ({ body, reply }) =>
    brandsPage(reply, body.per_page, () => listBrands(db, readRows, '/api/brands', body.filters.search, body)),
  );

  call('brands/get-all-brands', async () => ({ brands: await allBrands(db) }));

  call('brands/get-brand', async ({ body }) => {
    const row = await findBrand(db, body.id);
    if (!row) throw new HttpError(404, messages.notFound);
    return { brand: toBrand(row) };
  });

  call('brands/add-brand', async ({ body }) => {
    const now = new Date().toISOString();
    await takenName(async () => {
      await db.transaction().execute(async (trx) => {
        const imagePath = await storeImage(trx, body.brandImage, 'brandImage');
        await trx
          .insertInto('brands')
          .values({
            name: body.brandName,
            name_key: nameKey(body.brandName),
            image_path: imagePath,
            is_active: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
      });
    });
    return messages.success('Brand added successfully.');
  });

  call('brands/update-brand', async ({ body }) => {
    if (!(await findBrand(db, body.id))) throw fieldError('id', 'The selected brand is invalid.');
    await takenName(async () => {
      await db.transaction().execute(async (trx) => {
        const imagePath = body.brandImage ? await storeImage(trx, body.brandImage, 'brandImage') : undefined;
        await trx
          .updateTable('brands')
          .set({
            name: body.brandName,
            name_key: nameKey(body.brandName),
            is_active: body.brandIsActive,
            updated_at: new Date().toISOString(),
            ...(imagePath ? { image_path: imagePath } : {}),
          })
          .where('id', '=', body.id)
          .execute();
      });
    });
    return messages.success('Brand updated successfully.');
  });
}
