import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, form, images, signInEachRole, startServer, type TestServer } from './harness.ts';
import { invalid } from './expected.ts';

// docs/design.md §7.6: an image is accepted only when it decodes as the type its bytes claim, 1–10,000 px
// each way, and is stored re-encoded, so no byte beyond the picture survives.

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const join = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
// HTML the contract's markup check lets through (no script-capable tag), after the PNG's end.
const appendedHtml = new TextEncoder().encode('<p class="x"><a href="https://example.com/">appended page</a></p>');

/** images.png with its IHDR width set to `width`, the chunk's CRC made right again. */
function pngOfWidth(width: number): Uint8Array {
  const bytes = Buffer.from(images.png);
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return new Uint8Array(bytes);
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));

describeEachDatabase('images decoded and re-encoded', (kind) => {
  let server: TestServer;
  let admin: string;
  let brandId: number;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin } = await signInEachRole(server));
    await call(server, 'brands/add-brand', form({ brandName: 'Host' }, { brandImage: { bytes: images.png, name: 'h.png' } }), admin);
    brandId = (await server.db.selectFrom('brands').select('id').where('name', '=', 'Host').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());

  const addBrand = (brandName: string, bytes: Uint8Array) =>
    call(server, 'brands/add-brand', form({ brandName }, { brandImage: { bytes, name: 'logo.png' } }), admin);
  const addSeries = (seriesName: string, bytes: Uint8Array) =>
    call(server, 'series/add-series', form({ seriesName, seriesBrandId: brandId }, { seriesImage: { bytes, name: 's.png' } }), admin);
  const imageCount = async () => (await server.db.selectFrom('images').select('sha256').execute()).length;

  it('stores a PNG with HTML appended without the HTML', async () => {
    const sent = join(images.png, appendedHtml);
    expect((await addBrand('Appended', sent)).status).toBe(200);
    const { image_path: path } = await server.db
      .selectFrom('brands')
      .select('image_path')
      .where('name', '=', 'Appended')
      .executeTakeFirstOrThrow();
    expect(path).not.toBe(`/storage/${sha256(sent)}.png`);
    const served = new Uint8Array(await (await fetch(`${server.url}${path}`)).arrayBuffer());
    expect(Buffer.from(served).toString('latin1')).not.toContain('appended page');
    expect(path).toBe(`/storage/${sha256(served)}.png`);
    const decoded = await sharp(served).metadata();
    expect([decoded.format, decoded.width, decoded.height]).toEqual(['png', 2, 2]);
  });

  it.each([
    ['a PNG header over noise', join(images.png.subarray(0, 8), new Uint8Array(200).fill(0x41)), 'could not be read as a PNG image.'],
    ['a PNG cut short', images.png.subarray(0, 40), 'could not be read as a PNG image.'],
    ['a GIF header over a PNG', join(images.gif.subarray(0, 6), images.png.subarray(6)), 'could not be read as a GIF image.'],
  ])('refuses %s under the image field, storing nothing', async (_title, bytes, ending) => {
    const before = await imageCount();
    expect(await addBrand('Broken', bytes)).toMatchObject({ status: 422, body: invalid({ brandImage: [`The brand image ${ending}`] }) });
    expect(await addSeries('Broken', bytes)).toMatchObject({ status: 422, body: invalid({ seriesImage: [`The series image ${ending}`] }) });
    expect(await imageCount()).toBe(before);
  });

  it('refuses an image 0 px or over 10,000 px wide or high', async () => {
    const before = await imageCount();
    const zeroWide = await addBrand('Zero', pngOfWidth(0));
    expect(zeroWide.status).toBe(422);
    expect(Object.keys(zeroWide.body.errors)).toEqual(['brandImage']);
    const dimensions = invalid({ brandImage: ['The brand image must be 1 to 10,000 pixels wide and high.'] });
    expect(await addBrand('Wide', await solid(10_001, 1))).toMatchObject({ status: 422, body: dimensions });
    expect(await addBrand('High', await solid(1, 10_001))).toMatchObject({ status: 422, body: dimensions });
    // A header may claim any size: it is refused before anything is decoded.
    expect(await addBrand('Claimed', pngOfWidth(1_000_000))).toMatchObject({ status: 422, body: dimensions });
    expect(await imageCount()).toBe(before);
  });

  it('accepts 10,000 px each way at the edge', async () => {
    expect((await addBrand('Edge', await solid(10_000, 1))).status).toBe(200);
  });
});
