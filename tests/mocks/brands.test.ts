import { describe, expect, it } from 'vitest';
import { postToMocks, file, form, images, ok, signInEachRole, startMockApi } from './harness.ts';

startMockApi();

describe('brands/add-brand (multipart)', () => {
  it('adds a brand from a File, stored as an image the app can show', async () => {
    const { admin } = await signInEachRole();
    const answer = await postToMocks(
      'brands/add-brand',
      form({ brandName: '  Kenwood ' }, { brandImage: file(images.png, 'logo.png') }),
      admin,
    );
    expect(ok('brands/add-brand', answer)).toEqual({ responseMessage: 'Brand added successfully.', responseFlag: 'success' });

    const rows = ok('brands', await postToMocks('brands', { filters: { search: 'kenw' } }, admin)).tableData.data;
    expect(rows).toEqual([
      { id: 4, brandName: 'Kenwood', brandImage: expect.stringMatching(/^data:image\/png;base64,/), brandIsActive: 1 },
    ]);
    const options = ok('brands/get-all-brands', await postToMocks('brands/get-all-brands', undefined, admin)).brands;
    expect(options.map((brand) => brand.brandName)).toEqual(['Gree', 'Haier', 'Kenwood', 'Orient']);
  });

  it('refuses an SVG or text named like a picture, judging by the bytes', async () => {
    const { admin } = await signInEachRole();
    for (const upload of [file(images.svg, 'logo.svg', 'image/svg+xml'), file(images.svg, 'logo.png', 'image/png')]) {
      const answer = await postToMocks('brands/add-brand', form({ brandName: 'Evil' }, { brandImage: upload }), admin);
      expect(answer).toMatchObject({
        status: 422,
        body: { errors: { brandImage: ['The brand image must be a PNG, JPEG, WebP or GIF image.'] } },
      });
    }
  });

  it('answers the screen messages for a blank name and no file (an empty file input counts as none)', async () => {
    const { admin } = await signInEachRole();
    const answer = await postToMocks('brands/add-brand', form({ brandName: '' }, { brandImage: file(new Uint8Array(), '') }), admin);
    expect(answer.body).toEqual({
      message: 'Please enter brand name.',
      errors: { brandName: ['Please enter brand name.'], brandImage: ['Please upload brand image.'] },
    });
  });

  it('refuses a taken name (any case), a field sent twice and a JSON image', async () => {
    const { admin } = await signInEachRole();
    const taken = await postToMocks('brands/add-brand', form({ brandName: 'HAIER' }, { brandImage: file(images.jpg, 'h.jpg') }), admin);
    expect(taken.body.errors).toEqual({ brandName: ['The brand name has already been taken.'] });

    const twice = form({ brandName: 'A' }, { brandImage: file(images.png, 'a.png') });
    twice.append('brandName', 'B');
    expect((await postToMocks('brands/add-brand', twice, admin)).body.errors).toEqual({
      brandName: ['Only one value may be sent for this field.'],
    });

    const json = await postToMocks('brands/add-brand', { brandName: 'A', brandImage: 'logo.png' }, admin);
    expect(json.body.errors).toEqual({ brandImage: ['The brand image must be a file.'] });
  });
});

describe('brands/update-brand and get-brand', () => {
  it('keeps the image when none is sent, and answers 404 for an unknown id', async () => {
    const { admin } = await signInEachRole();
    const before = ok('brands/get-brand', await postToMocks('brands/get-brand', { id: 3 }, admin)).brand;
    const answer = await postToMocks('brands/update-brand', form({ id: 3, brandName: 'Orient Electronics', brandIsActive: 1 }), admin);
    expect(ok('brands/update-brand', answer).responseMessage).toBe('Brand updated successfully.');
    const after = ok('brands/get-brand', await postToMocks('brands/get-brand', { id: '3' }, admin)).brand;
    expect(after).toEqual({ ...before, brandName: 'Orient Electronics', brandIsActive: 1, version: before.version + 1 });

    expect(await postToMocks('brands/get-brand', { id: 42 }, admin)).toMatchObject({
      status: 404,
      body: { responseMessage: 'Not found.' },
    });
    const unknown = await postToMocks('brands/update-brand', form({ id: 42, brandName: 'X', brandIsActive: 1 }), admin);
    expect(unknown.body.errors).toEqual({ id: ['The selected brand is invalid.'] });
    const status = await postToMocks('brands/update-brand', form({ id: 3, brandName: 'X', brandIsActive: 2 }), admin);
    expect(status.body.errors).toEqual({ brandIsActive: ['The selected status is invalid.'] });
  });
});

describe('series', () => {
  it('adds a series under a brand, unique within that brand only', async () => {
    const { admin } = await signInEachRole();
    const add = (name: string, brandId: number) =>
      postToMocks(
        'series/add-series',
        form({ seriesName: name, seriesBrandId: brandId }, { seriesImage: file(images.jpg, 's.jpg') }),
        admin,
      );
    expect((await add('fairy', 1)).body.errors).toEqual({ seriesName: ['The series name has already been taken.'] });
    expect((await add('Fairy', 9)).body.errors).toEqual({ seriesBrandId: ['The selected brand is invalid.'] });
    expect(ok('series/add-series', await add('Fairy', 2)).responseMessage).toBe('Series added successfully.');

    const byBrand = ok('series/get-series-by-brand', await postToMocks('series/get-series-by-brand', { brandId: 2 }, admin)).series;
    expect(byBrand.map((series) => series.seriesName)).toEqual(['Clean Cool', 'Fairy', 'Thunder']);
    const list = ok('series', await postToMocks('series', { filters: { search: 'FAIRY' } }, admin)).tableData.data;
    expect(list.map((series) => `${series.brandName}/${series.seriesName}`)).toEqual(['Gree/Fairy', 'Haier/Fairy']);
  });

  it('updates a series and keeps its image when none is sent', async () => {
    const { admin } = await signInEachRole();
    const before = ok('series/get-series', await postToMocks('series/get-series', { id: 4 }, admin)).series;
    const answer = await postToMocks(
      'series/update-series',
      form({ id: 4, seriesName: 'Thunder X', seriesBrandId: 2, seriesIsActive: 1 }),
      admin,
    );
    expect(ok('series/update-series', answer).responseMessage).toBe('Series updated successfully.');
    const after = ok('series/get-series', await postToMocks('series/get-series', { id: 4 }, admin)).series;
    expect(after).toEqual({ ...before, seriesName: 'Thunder X', seriesIsActive: 1, version: before.version + 1 });
    expect((await postToMocks('series/get-series', { id: 40 }, admin)).status).toBe(404);
  });
});
