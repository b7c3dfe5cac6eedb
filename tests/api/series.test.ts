import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { calls } from '#src/contract/calls.ts';
import { call, describeEachDatabase, form, images, signInEachRole, startServer, type TestServer } from './harness.ts';
import { forbidden, invalid } from './expected.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describeEachDatabase('series', (kind) => {
  let server: TestServer;
  let admin: string;
  let manager: string;
  let sales: string;
  let northId: number;
  let southId: number;

  const addBrand = async (brandName: string) => {
    const answer = await call(server, 'brands/add-brand', form({ brandName }, { brandImage: { bytes: images.png, name: 'b.png' } }), admin);
    if (answer.status !== 200) throw new Error(`brand ${brandName}: ${JSON.stringify(answer.body)}`);
    return (await server.db.selectFrom('brands').select('id').where('name', '=', brandName).executeTakeFirstOrThrow()).id;
  };

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin, manager, sales } = await signInEachRole(server));
    northId = await addBrand('North Air');
    southId = await addBrand('South Wind');
  });
  afterAll(() => server.close());

  const addSeries = (seriesName: string, seriesBrandId: number | string, bytes: Uint8Array = images.jpg, name = 's.jpg') =>
    call(server, 'series/add-series', form({ seriesName, seriesBrandId }, { seriesImage: { bytes, name } }), admin);

  const updateSeries = (fields: Record<string, string | number>, image?: { bytes: Uint8Array; name: string }) =>
    call(server, 'series/update-series', form(fields, image ? { seriesImage: image } : {}), admin);

  const seriesRow = (brandId: number, name: string) =>
    server.db.selectFrom('series').selectAll().where('brand_id', '=', brandId).where('name', '=', name).executeTakeFirstOrThrow();

  const snapshot = async () => ({
    series: await server.db.selectFrom('series').selectAll().orderBy('id').execute(),
    images: (await server.db.selectFrom('images').select('sha256').orderBy('sha256').execute()).map((r) => r.sha256),
  });

  async function expectRefused(send: () => Promise<{ status: number; body: unknown }>, errors: Record<string, string[]>) {
    const before = await snapshot();
    const answer = await send();
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(invalid(errors));
    expect(await snapshot()).toEqual(before);
  }

  const list = async (search?: string) => {
    const answer = await call(server, 'series', { filters: search === undefined ? {} : { search }, page: 1, per_page: 500 }, admin);
    expect(answer.status).toBe(200);
    return calls.series.response.parse(answer.body).tableData.data;
  };

  it('adds a series, which list, get-series, get-all-series and get-series-by-brand then show', async () => {
    const added = await addSeries('Frost', northId);
    expect(added.status).toBe(200);
    expect(calls['series/add-series'].response.parse(added.body)).toEqual({
      responseMessage: 'Series added successfully.',
      responseFlag: 'success',
    });

    const row = await seriesRow(northId, 'Frost');
    const expected = {
      id: row.id,
      seriesName: 'Frost',
      seriesImage: `/storage/${sha256(images.jpg)}.jpg`,
      seriesBrandId: northId,
      brandName: 'North Air',
      seriesIsActive: 1,
    };
    expect(await list('Frost')).toEqual([expected]);

    const got = await call(server, 'series/get-series', { id: row.id }, admin);
    expect(got.status).toBe(200);
    expect(calls['series/get-series'].response.parse(got.body)).toEqual({ series: { ...expected, version: 1 } });

    const all = await call(server, 'series/get-all-series', undefined, admin);
    expect(all.status).toBe(200);
    expect(calls['series/get-all-series'].response.parse(all.body).series).toContainEqual({
      id: row.id,
      seriesName: 'Frost',
      seriesBrandId: northId,
      brandName: 'North Air',
    });

    const byBrand = await call(server, 'series/get-series-by-brand', { brandId: northId }, admin);
    expect(byBrand.status).toBe(200);
    expect(calls['series/get-series-by-brand'].response.parse(byBrand.body)).toEqual({ series: [{ id: row.id, seriesName: 'Frost' }] });
  });

  it('trims the series name and accepts the brand id as a numeric string', async () => {
    const added = await addSeries('  Glacier  ', ` ${southId} `);
    expect(added.status).toBe(200);
    expect((await seriesRow(southId, 'Glacier')).name).toBe('Glacier');
  });

  it('refuses an empty add form with the three required messages', async () => {
    await expectRefused(() => call(server, 'series/add-series', form({}), admin), {
      seriesName: ['Please enter series name.'],
      seriesImage: ['Please upload series image.'],
      seriesBrandId: ['Please select brand.'],
    });
    await expectRefused(() => call(server, 'series/add-series', form({ seriesName: '   ', seriesBrandId: '' }), admin), {
      seriesName: ['Please enter series name.'],
      seriesImage: ['Please upload series image.'],
      seriesBrandId: ['Please select brand.'],
    });
  });

  it('refuses a series name over 255 characters and accepts one of 255', async () => {
    await expectRefused(() => addSeries('s'.repeat(256), northId), { seriesName: ['This field may not be greater than 255 characters.'] });
    expect((await addSeries('s'.repeat(255), northId)).status).toBe(200);
  });

  it('refuses an unknown or malformed brand id under seriesBrandId', async () => {
    await expectRefused(() => addSeries('Orphan', 999_999), { seriesBrandId: ['The selected brand is invalid.'] });
    await expectRefused(() => addSeries('Orphan', 'abc'), { seriesBrandId: ['The selected value is invalid.'] });
    await expectRefused(() => addSeries('Orphan', -3), { seriesBrandId: ['The selected value is invalid.'] });
  });

  it('allows one name under two brands but not twice, in any case, under one brand', async () => {
    expect((await addSeries('Frost', southId)).status).toBe(200);
    const taken = { seriesName: ['The series name has already been taken.'] };
    await expectRefused(() => addSeries('FROST', northId), taken);
    await expectRefused(() => addSeries('  frost ', southId, images.gif, 'other.gif'), taken);
    const both = (await list('frost')).map((s) => [s.brandName, s.seriesName]);
    expect(both).toEqual([
      ['North Air', 'Frost'],
      ['South Wind', 'Frost'],
    ]);
  });

  it('update-series refuses a name taken in its brand, also when moving to another brand', async () => {
    expect((await addSeries('Breeze', northId)).status).toBe(200);
    const breeze = await seriesRow(northId, 'Breeze');
    const taken = { seriesName: ['The series name has already been taken.'] };
    await expectRefused(() => updateSeries({ id: breeze.id, seriesName: 'frost', seriesBrandId: northId, seriesIsActive: 1 }), taken);
    // "Glacier" exists under South Wind: moving Breeze there under that name is refused.
    await expectRefused(() => updateSeries({ id: breeze.id, seriesName: 'GLACIER', seriesBrandId: southId, seriesIsActive: 1 }), taken);

    // Its own name in another case is fine, and so is moving to a brand where the name is free.
    const renamed = await updateSeries({ id: breeze.id, seriesName: 'BREEZE', seriesBrandId: northId, seriesIsActive: 1 });
    expect(renamed.status).toBe(200);
    expect(calls['series/update-series'].response.parse(renamed.body)).toEqual({
      responseMessage: 'Series updated successfully.',
      responseFlag: 'success',
    });
    const moved = await updateSeries({ id: breeze.id, seriesName: 'Breeze', seriesBrandId: southId, seriesIsActive: 1 });
    expect(moved.status).toBe(200);
    const got = await call(server, 'series/get-series', { id: breeze.id }, admin);
    expect(calls['series/get-series'].response.parse(got.body).series).toMatchObject({
      seriesName: 'Breeze',
      seriesBrandId: southId,
      brandName: 'South Wind',
    });
  });

  it('update-series without an image keeps the stored path; with one it changes it', async () => {
    expect((await addSeries('Monsoon', northId)).status).toBe(200);
    const monsoon = await seriesRow(northId, 'Monsoon');

    const kept = await updateSeries({ id: monsoon.id, seriesName: 'Monsoon X', seriesBrandId: northId, seriesIsActive: 0 });
    expect(kept.status).toBe(200);
    let got = await call(server, 'series/get-series', { id: monsoon.id }, admin);
    expect(calls['series/get-series'].response.parse(got.body)).toEqual({
      series: {
        id: monsoon.id,
        seriesName: 'Monsoon X',
        seriesImage: monsoon.image_path,
        seriesBrandId: northId,
        brandName: 'North Air',
        seriesIsActive: 0,
        version: 2,
      },
    });

    const changed = await updateSeries(
      { id: monsoon.id, seriesName: 'Monsoon X', seriesBrandId: northId, seriesIsActive: 1 },
      { bytes: images.webp, name: 'm.webp' },
    );
    expect(changed.status).toBe(200);
    got = await call(server, 'series/get-series', { id: monsoon.id }, admin);
    const series = calls['series/get-series'].response.parse(got.body).series;
    expect(series.seriesImage).toBe(`/storage/${sha256(images.webp)}.webp`);
    expect(series.seriesIsActive).toBe(1);
  });

  it('update-series requires name, brand and status, and a status of 0 or 1', async () => {
    const frost = await seriesRow(northId, 'Frost');
    await expectRefused(() => call(server, 'series/update-series', form({ id: frost.id }), admin), {
      seriesName: ['Please enter series name.'],
      seriesBrandId: ['Please select brand.'],
      seriesIsActive: ['Please select status.'],
    });
    await expectRefused(() => updateSeries({ id: frost.id, seriesName: 'Frost', seriesBrandId: northId, seriesIsActive: 2 }), {
      seriesIsActive: ['The selected status is invalid.'],
    });
    await expectRefused(() => updateSeries({ id: frost.id, seriesName: 'Frost', seriesBrandId: northId, seriesIsActive: '1.0x' }), {
      seriesIsActive: ['The selected status is invalid.'],
    });
  });

  it('update-series refuses an unknown brand under seriesBrandId and an unknown id under id', async () => {
    const frost = await seriesRow(northId, 'Frost');
    await expectRefused(() => updateSeries({ id: frost.id, seriesName: 'Frost', seriesBrandId: 999_999, seriesIsActive: 1 }), {
      seriesBrandId: ['The selected brand is invalid.'],
    });
    await expectRefused(
      () =>
        updateSeries({ id: 999_999, seriesName: 'Ghost', seriesBrandId: northId, seriesIsActive: 1 }, { bytes: images.gif, name: 'g.gif' }),
      {
        id: ['The selected series is invalid.'],
      },
    );
  });

  it('get-series of an unknown id is 404, of a malformed one 422 under id', async () => {
    const missing = await call(server, 'series/get-series', { id: 999_999 }, admin);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ responseMessage: 'Not found.', responseFlag: 'danger' });
    const malformed = await call(server, 'series/get-series', { id: 'one' }, admin);
    expect(malformed.status).toBe(422);
    expect(malformed.body).toEqual(invalid({ id: ['The selected value is invalid.'] }));
    const absent = await call(server, 'series/get-series', {}, admin);
    expect(absent.status).toBe(422);
    expect(absent.body).toEqual(invalid({ id: ['The id field is required.'] }));
  });

  it("get-series-by-brand answers only that brand's series as {id, seriesName}", async () => {
    const answer = await call(server, 'series/get-series-by-brand', { brandId: southId }, admin);
    expect(answer.status).toBe(200);
    const expected = await server.db
      .selectFrom('series')
      .select(['id', 'name'])
      .where('brand_id', '=', southId)
      .orderBy('name_key')
      .orderBy('id')
      .execute();
    expect(expected.length).toBeGreaterThanOrEqual(3);
    calls['series/get-series-by-brand'].response.parse(answer.body);
    // Exactly these keys, nothing else leaks (toEqual fails on any extra key).
    expect(answer.body.series).toEqual(expected.map((row) => ({ id: row.id, seriesName: row.name })));

    const none = await call(server, 'series/get-series-by-brand', { brandId: 999_999 }, admin);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ series: [] });

    const absent = await call(server, 'series/get-series-by-brand', {}, admin);
    expect(absent.status).toBe(422);
    expect(absent.body).toEqual(invalid({ brandId: ['Please select brand.'] }));
  });

  it('the list shows the current brand name, is ordered by brand then series, and searches series and brand names', async () => {
    const rows = await list();
    expect(rows.length).toBe(
      await server.db
        .selectFrom('series')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    );
    for (const [name, brandId] of [
      ['Order b', southId],
      ['ORDER c', northId],
      ['order A', northId],
    ] as const) {
      expect((await addSeries(name, brandId)).status).toBe(200);
    }
    expect((await list('order')).map((s) => [s.brandName, s.seriesName])).toEqual([
      ['North Air', 'order A'],
      ['North Air', 'ORDER c'],
      ['South Wind', 'Order b'],
    ]);

    expect((await list('GLAC')).map((s) => s.seriesName)).toEqual(['Glacier']);
    // A brand-name match lists every series of that brand.
    const south = await list('south w');
    expect(south.length).toBeGreaterThanOrEqual(3);
    expect(south.every((s) => s.brandName === 'South Wind')).toBe(true);
    expect(await list('100%')).toEqual([]);

    expect((await addSeries('100% Dry', northId)).status).toBe(200);
    expect((await addSeries('1000 Dry', northId)).status).toBe(200);
    expect((await list('0%')).map((s) => s.seriesName)).toEqual(['100% Dry']);
  });

  it('level 1 and admins may call series; managers and sales may not', async () => {
    const frost = await seriesRow(northId, 'Frost');
    const before = await snapshot();
    for (const token of [manager, sales]) {
      for (const [path, body] of [
        ['series', {}],
        ['series/get-series', { id: frost.id }],
        ['series/get-all-series', undefined],
        ['series/get-series-by-brand', { brandId: northId }],
        [
          'series/add-series',
          form({ seriesName: 'Sneaky', seriesBrandId: northId }, { seriesImage: { bytes: images.gif, name: 'x.gif' } }),
        ],
        ['series/update-series', form({ id: frost.id, seriesName: 'Sneaky', seriesBrandId: northId, seriesIsActive: 0 })],
      ] as const) {
        const answer = await call(server, path, body, token);
        expect(answer.status, path).toBe(403);
        expect(answer.body).toEqual(forbidden);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});
