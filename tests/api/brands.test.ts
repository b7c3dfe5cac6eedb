import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { calls } from '#src/contract/calls.ts';
import { call, describeEachDatabase, form, images, signInEachRole, startServer, type TestServer } from './harness.ts';
import { forbidden, invalid } from './expected.ts';

const IMAGE_PATH = /^\/storage\/[0-9a-f]{64}\.png$/;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A multipart body as a browser sends a form whose file input was left empty: `filename=""`, no bytes. */
function browserFormWithEmptyFile(fields: Record<string, string | number>, fileField: string) {
  const boundary = '----browser-form-boundary-7MA4YWxkTrZu0gW';
  const parts = Object.entries(fields).map(
    ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`,
  );
  return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

describeEachDatabase('brands', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let sales: string;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin, manager, sales } = await signInEachRole(server));
  });
  afterAll(() => server.close());

  const addBrand = (brandName: string, bytes: Uint8Array = images.png, name = 'logo.png') =>
    call(server, 'brands/add-brand', form({ brandName }, { brandImage: { bytes, name } }), admin);

  const updateBrand = (fields: Record<string, string | number>, image?: { bytes: Uint8Array; name: string }) =>
    call(server, 'brands/update-brand', form(fields, image ? { brandImage: image } : {}), admin);

  const brandByName = (name: string) => server.db.selectFrom('brands').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  /** Everything a brand write could touch, to prove a refused call wrote nothing. */
  const snapshot = async () => ({
    brands: await server.db.selectFrom('brands').selectAll().orderBy('id').execute(),
    images: (await server.db.selectFrom('images').select('sha256').orderBy('sha256').execute()).map((r) => r.sha256),
  });

  async function expectRefused(send: () => Promise<{ status: number; body: unknown }>, errors: Record<string, string[]>) {
    const before = await snapshot();
    const answer = await send();
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(invalid(errors));
    expect(await snapshot()).toEqual(before);
  }

  const search = async (text: string) => {
    const answer = await call(server, 'brands', { filters: { search: text }, page: 1, per_page: 500 }, admin);
    expect(answer.status).toBe(200);
    return calls.brands.response.parse(answer.body).tableData.data;
  };

  it('adds a brand, which list, get-brand and get-all-brands then show, active with its image path', async () => {
    const added = await addBrand('Alpha Cool');
    expect(added.status).toBe(200);
    expect(calls['brands/add-brand'].response.parse(added.body)).toEqual({
      responseMessage: 'Brand added successfully.',
      responseFlag: 'success',
    });

    const row = await brandByName('Alpha Cool');
    const expected = { id: row.id, brandName: 'Alpha Cool', brandImage: `/storage/${sha256(images.png)}.png`, brandIsActive: 1 };
    expect(expected.brandImage).toMatch(IMAGE_PATH);

    expect(await search('Alpha Cool')).toEqual([expected]);

    const got = await call(server, 'brands/get-brand', { id: row.id }, admin);
    expect(got.status).toBe(200);
    expect(calls['brands/get-brand'].response.parse(got.body)).toEqual({ brand: { ...expected, version: 1 } });

    const all = await call(server, 'brands/get-all-brands', undefined, admin);
    expect(all.status).toBe(200);
    expect(calls['brands/get-all-brands'].response.parse(all.body).brands).toContainEqual({ id: row.id, brandName: 'Alpha Cool' });
  });

  it('get-brand accepts the id as a numeric string, as form fields send it', async () => {
    const row = await brandByName('Alpha Cool');
    const got = await call(server, 'brands/get-brand', { id: String(row.id) }, admin);
    expect(got.status).toBe(200);
    expect(calls['brands/get-brand'].response.parse(got.body).brand.id).toBe(row.id);
  });

  it('trims the name before storing it', async () => {
    const added = await addBrand('   Trimmed Brand   ');
    expect(added.status).toBe(200);
    const row = await brandByName('Trimmed Brand');
    expect(row.name).toBe('Trimmed Brand');
  });

  it('refuses an empty form with both required messages', async () => {
    await expectRefused(() => call(server, 'brands/add-brand', form({}), admin), {
      brandName: ['Please enter brand name.'],
      brandImage: ['Please upload brand image.'],
    });
  });

  it('refuses a call without any body with both required messages', async () => {
    await expectRefused(() => call(server, 'brands/add-brand', undefined, admin), {
      brandName: ['Please enter brand name.'],
      brandImage: ['Please upload brand image.'],
    });
  });

  const sendRaw = async (path: string, raw: { body: string; contentType: string }) => {
    const response = await fetch(`${server.url}/api/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': raw.contentType },
      body: raw.body,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('treats an empty file input (nameless zero-byte part) as no image chosen', async () => {
    await expectRefused(() => sendRaw('brands/add-brand', browserFormWithEmptyFile({ brandName: 'No Image Brand' }, 'brandImage')), {
      brandImage: ['Please upload brand image.'],
    });
    // fetch's FormData leaves the filename parameter out for a nameless blob: the same "no file".
    await expectRefused(
      () =>
        call(
          server,
          'brands/add-brand',
          form({ brandName: 'No Image Brand' }, { brandImage: { bytes: new Uint8Array(), name: '' } }),
          admin,
        ),
      { brandImage: ['Please upload brand image.'] },
    );
  });

  it('refuses a name of spaces only as missing', async () => {
    await expectRefused(() => addBrand('     '), { brandName: ['Please enter brand name.'] });
  });

  it('accepts a name of 255 characters and refuses one of 256', async () => {
    await expectRefused(() => addBrand('b'.repeat(256)), { brandName: ['This field may not be greater than 255 characters.'] });
    const ok = await addBrand('b'.repeat(255));
    expect(ok.status).toBe(200);
    expect((await brandByName('b'.repeat(255))).name).toHaveLength(255);
  });

  it('refuses a name already taken in another case, and with surrounding spaces, on add', async () => {
    const taken = { brandName: ['The brand name has already been taken.'] };
    await expectRefused(() => addBrand('ALPHA cool'), taken);
    await expectRefused(() => addBrand('  alpha COOL  '), taken);
    // A different image must not be stored either when the name is refused.
    await expectRefused(() => addBrand('alpha cool', images.webp, 'x.webp'), taken);
  });

  it("refuses renaming a brand to another brand's name in another case, and allows a case change of its own name", async () => {
    await addBrand('Beta Air');
    const beta = await brandByName('Beta Air');
    await expectRefused(() => updateBrand({ id: beta.id, brandName: 'ALPHA COOL', brandIsActive: 1 }), {
      brandName: ['The brand name has already been taken.'],
    });
    await expectRefused(
      () => updateBrand({ id: beta.id, brandName: 'alpha cool', brandIsActive: 1 }, { bytes: images.gif, name: 'g.gif' }),
      {
        brandName: ['The brand name has already been taken.'],
      },
    );

    const renamed = await updateBrand({ id: beta.id, brandName: 'BETA air', brandIsActive: 1 });
    expect(renamed.status).toBe(200);
    expect(calls['brands/update-brand'].response.parse(renamed.body)).toEqual({
      responseMessage: 'Brand updated successfully.',
      responseFlag: 'success',
    });
    expect((await server.db.selectFrom('brands').select('name').where('id', '=', beta.id).executeTakeFirstOrThrow()).name).toBe('BETA air');
  });

  it('update-brand without an image keeps the stored path; with one it changes it', async () => {
    await addBrand('Gamma Heat');
    const gamma = await brandByName('Gamma Heat');
    const oldPath = gamma.image_path;

    const kept = await updateBrand({ id: gamma.id, brandName: 'Gamma Heat 2', brandIsActive: 0 });
    expect(kept.status).toBe(200);
    let got = await call(server, 'brands/get-brand', { id: gamma.id }, admin);
    expect(calls['brands/get-brand'].response.parse(got.body)).toEqual({
      brand: { id: gamma.id, brandName: 'Gamma Heat 2', brandImage: oldPath, brandIsActive: 0, version: 2 },
    });

    // An empty file input is "no new image" too.
    const blank = await sendRaw(
      'brands/update-brand',
      browserFormWithEmptyFile({ id: gamma.id, brandName: 'Gamma Heat 2', brandIsActive: 0 }, 'brandImage'),
    );
    expect(blank).toEqual({ status: 200, body: { responseMessage: 'Brand updated successfully.', responseFlag: 'success' } });
    expect((await brandByName('Gamma Heat 2')).image_path).toBe(oldPath);

    const changed = await updateBrand(
      { id: gamma.id, brandName: 'Gamma Heat 2', brandIsActive: 1 },
      { bytes: images.gif, name: 'new.gif' },
    );
    expect(changed.status).toBe(200);
    got = await call(server, 'brands/get-brand', { id: gamma.id }, admin);
    const brand = calls['brands/get-brand'].response.parse(got.body).brand;
    expect(brand.brandImage).toBe(`/storage/${sha256(images.gif)}.gif`);
    expect(brand.brandImage).not.toBe(oldPath);
    expect(brand.brandIsActive).toBe(1);
  });

  it('update-brand requires a status of 0 or 1', async () => {
    const alpha = await brandByName('Alpha Cool');
    await expectRefused(() => updateBrand({ id: alpha.id, brandName: 'Alpha Cool' }), { brandIsActive: ['Please select status.'] });
    await expectRefused(() => updateBrand({ id: alpha.id, brandName: 'Alpha Cool', brandIsActive: '' }), {
      brandIsActive: ['Please select status.'],
    });
    await expectRefused(() => updateBrand({ id: alpha.id, brandName: 'Alpha Cool', brandIsActive: 2 }), {
      brandIsActive: ['The selected status is invalid.'],
    });
    await expectRefused(() => updateBrand({ id: alpha.id, brandName: 'Alpha Cool', brandIsActive: 'yes' }), {
      brandIsActive: ['The selected status is invalid.'],
    });
  });

  it('update-brand requires a name and refuses one over 255 characters', async () => {
    const alpha = await brandByName('Alpha Cool');
    await expectRefused(() => updateBrand({ id: alpha.id, brandName: '  ', brandIsActive: 1 }), {
      brandName: ['Please enter brand name.'],
    });
    await expectRefused(() => updateBrand({ id: alpha.id, brandName: 'x'.repeat(256), brandIsActive: 1 }), {
      brandName: ['This field may not be greater than 255 characters.'],
    });
  });

  it('update-brand refuses a non-image file under brandImage and keeps everything', async () => {
    const alpha = await brandByName('Alpha Cool');
    await expectRefused(
      () => updateBrand({ id: alpha.id, brandName: 'Alpha Cool', brandIsActive: 1 }, { bytes: images.svg, name: 'a.png' }),
      {
        brandImage: ['The brand image must be a PNG, JPEG, WebP or GIF image.'],
      },
    );
  });

  it('get-brand of an unknown id is 404; update-brand of one is 422 under id', async () => {
    const got = await call(server, 'brands/get-brand', { id: 999_999 }, admin);
    expect(got.status).toBe(404);
    expect(got.body).toEqual({ responseMessage: 'Not found.', responseFlag: 'danger' });

    await expectRefused(() => updateBrand({ id: 999_999, brandName: 'Ghost', brandIsActive: 1 }), {
      id: ['The selected brand is invalid.'],
    });
    await expectRefused(() => updateBrand({ id: 999_999, brandName: 'Ghost', brandIsActive: 1 }, { bytes: images.jpg, name: 'g.jpg' }), {
      id: ['The selected brand is invalid.'],
    });
  });

  it('get-brand refuses a missing or malformed id with 422 under id', async () => {
    for (const [body, message] of [
      [{}, 'The id field is required.'],
      [{ id: 'abc' }, 'The selected value is invalid.'],
      [{ id: 0 }, 'The selected value is invalid.'],
      [{ id: 1.5 }, 'The selected value is invalid.'],
      [{ id: 2_147_483_648 }, 'The selected value is invalid.'],
    ] as const) {
      const answer = await call(server, 'brands/get-brand', body, admin);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body).toEqual(invalid({ id: [message] }));
    }
  });

  it('update-brand refuses a missing id under id', async () => {
    await expectRefused(() => updateBrand({ brandName: 'Nobody', brandIsActive: 1 }), { id: ['The id field is required.'] });
  });

  it('list search is a case-insensitive substring of the name', async () => {
    await addBrand('Delta Breeze');
    await addBrand('Epsilon BREEZE Pro');
    expect((await search('breeze')).map((b) => b.brandName)).toEqual(['Delta Breeze', 'Epsilon BREEZE Pro']);
    expect((await search('EEZE P')).map((b) => b.brandName)).toEqual(['Epsilon BREEZE Pro']);
    expect((await search('  delta  ')).map((b) => b.brandName)).toEqual(['Delta Breeze']);
    expect(await search('no such brand')).toEqual([]);
  });

  it('treats % , _ and \\ in the search as literal characters', async () => {
    for (const name of ['100% Cool', '100 Cool', 'a_b Air', 'axb Air', 'back\\slash', 'backslash']) {
      expect((await addBrand(name)).status).toBe(200);
    }
    expect((await search('%')).map((b) => b.brandName)).toEqual(['100% Cool']);
    expect((await search('0% c')).map((b) => b.brandName)).toEqual(['100% Cool']);
    expect((await search('a_b')).map((b) => b.brandName)).toEqual(['a_b Air']);
    expect((await search('_')).map((b) => b.brandName)).toEqual(['a_b Air']);
    expect((await search('k\\s')).map((b) => b.brandName)).toEqual(['back\\slash']);
  });

  it('lists brands ordered by name, case-insensitively', async () => {
    for (const name of ['Order zeta', 'order Alpha', 'ORDER mid']) expect((await addBrand(name)).status).toBe(200);
    expect((await search('order')).map((b) => b.brandName)).toEqual(['order Alpha', 'ORDER mid', 'Order zeta']);
  });

  it('refuses a non-text search under filters.search', async () => {
    const answer = await call(server, 'brands', { filters: { search: 5 }, page: 1, per_page: 30 }, admin);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(invalid({ 'filters.search': ['The search must be text.'] }));
  });

  it('lets only an admin call the brand calls; get-all-brands is open to level 1', async () => {
    const alpha = await brandByName('Alpha Cool');
    for (const token of [manager, sales]) {
      const before = await snapshot();
      for (const [path, body] of [
        ['brands', {}],
        ['brands/get-brand', { id: alpha.id }],
        ['brands/get-all-brands', undefined],
        ['brands/add-brand', form({ brandName: 'Sneaky' }, { brandImage: { bytes: images.jpg, name: 'x.jpg' } })],
        ['brands/update-brand', form({ id: alpha.id, brandName: 'Sneaky', brandIsActive: 0 })],
      ] as const) {
        const answer = await call(server, path, body, token);
        expect(answer.status, path).toBe(403);
        expect(answer.body).toEqual(forbidden);
      }
      expect(await snapshot()).toEqual(before);
    }
    const noToken = await call(
      server,
      'brands/add-brand',
      form({ brandName: 'Anon' }, { brandImage: { bytes: images.jpg, name: 'x.jpg' } }),
    );
    expect(noToken.status).toBe(203);
    expect(noToken.body).toEqual({ responseMessage: 'Your session has expired. Please sign in again.', responseFlag: 'danger' });
  });
});
