import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '#src/contract/calls.ts';
import { call, describeEachDatabase, form, images, signInEachRole, startServer, type TestServer } from './harness.ts';
import { invalid } from './expected.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const notFound = { responseMessage: 'Not found.', responseFlag: 'danger' };

const accepted = [
  { type: 'png', bytes: images.png, contentType: 'image/png' },
  { type: 'jpg', bytes: images.jpg, contentType: 'image/jpeg' },
  { type: 'gif', bytes: images.gif, contentType: 'image/gif' },
  { type: 'webp', bytes: images.webp, contentType: 'image/webp' },
] as const;

/** A real PNG followed by filler, `size` bytes in all (the filler, beyond the picture, is not stored). */
function pngOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x41);
  bytes.set(images.png);
  return bytes;
}

/** A GET sent byte for byte as written: fetch would normalise `..` away before sending. */
function rawGet(server: TestServer, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The two upload calls, so every refusal is checked on both. */
const uploads = [
  {
    path: 'brands/add-brand',
    field: 'brandImage',
    label: 'brand image',
    fields: (): Record<string, string | number> => ({ brandName: 'Refused Brand' }),
  },
  {
    path: 'series/add-series',
    field: 'seriesImage',
    label: 'series image',
    fields: (brandId: number): Record<string, string | number> => ({ seriesName: 'Refused Series', seriesBrandId: brandId }),
  },
] as const;

describeEachDatabase('images', (kind) => {
  let server: TestServer;
  let admin: string;
  let brandId: number;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin } = await signInEachRole(server));
    const brand = await call(
      server,
      'brands/add-brand',
      form({ brandName: 'Host Brand' }, { brandImage: { bytes: images.png, name: 'h.png' } }),
      admin,
    );
    if (brand.status !== 200) throw new Error(JSON.stringify(brand.body));
    brandId = (await server.db.selectFrom('brands').select('id').where('name', '=', 'Host Brand').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());

  const snapshot = async () => ({
    brands: (await server.db.selectFrom('brands').select('id').orderBy('id').execute()).map((r) => r.id),
    series: (await server.db.selectFrom('series').select('id').orderBy('id').execute()).map((r) => r.id),
    images: (await server.db.selectFrom('images').select('sha256').orderBy('sha256').execute()).map((r) => r.sha256),
  });

  const imageOf = async (brandName: string) =>
    (await server.db.selectFrom('brands').select('image_path').where('name', '=', brandName).executeTakeFirstOrThrow()).image_path;

  for (const { type, bytes, contentType } of accepted) {
    it(`stores a ${type} and serves it at its path with its type, nosniff, a long cache and a sandbox`, async () => {
      // Named as something else: the bytes decide, not the name.
      const added = await call(
        server,
        'brands/add-brand',
        form({ brandName: `Type ${type}` }, { brandImage: { bytes, name: 'upload.bin' } }),
        admin,
      );
      expect(added.status).toBe(200);
      const path = await imageOf(`Type ${type}`);
      expect(path).toBe(`/storage/${sha256(bytes)}.${type}`);

      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(contentType);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain('sandbox');
      expect(csp).toContain("default-src 'none'");
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
    });
  }

  it('a series image is stored and served the same way', async () => {
    const added = await call(
      server,
      'series/add-series',
      form({ seriesName: 'Imaged', seriesBrandId: brandId }, { seriesImage: { bytes: images.gif, name: 'x.gif' } }),
      admin,
    );
    expect(added.status).toBe(200);
    const row = await server.db.selectFrom('series').select('image_path').where('name', '=', 'Imaged').executeTakeFirstOrThrow();
    expect(row.image_path).toBe(`/storage/${sha256(images.gif)}.gif`);
    const response = await fetch(`${server.url}${row.image_path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
  });

  it('the same bytes uploaded twice give the same path and one stored image', async () => {
    const bytes = pngOfSize(300);
    for (const name of ['Twin One', 'Twin Two']) {
      const added = await call(
        server,
        'brands/add-brand',
        form({ brandName: name }, { brandImage: { bytes, name: `${name}.png` } }),
        admin,
      );
      expect(added.status).toBe(200);
    }
    const first = await imageOf('Twin One');
    expect(await imageOf('Twin Two')).toBe(first);
    // Stored re-encoded: the filler after the picture is gone, so the path is the picture's own.
    expect(first).toBe(`/storage/${sha256(images.png)}.png`);
    const rows = await server.db.selectFrom('images').select('sha256').where('sha256', '=', sha256(images.png)).execute();
    expect(rows).toHaveLength(1);
  });

  const refusals = [
    {
      title: 'an SVG named .png',
      file: { bytes: images.svg, name: 'logo.png' },
      message: (label: string) => `The ${label} must be a PNG, JPEG, WebP or GIF image.`,
    },
    {
      title: 'an SVG',
      file: { bytes: images.svg, name: 'logo.svg' },
      message: (label: string) => `The ${label} must be a PNG, JPEG, WebP or GIF image.`,
    },
    {
      title: 'a text file named .png',
      file: { bytes: images.text, name: 'notes.png' },
      message: (label: string) => `The ${label} must be a PNG, JPEG, WebP or GIF image.`,
    },
    {
      title: 'a zero-byte file',
      file: { bytes: new Uint8Array(), name: 'empty.png' },
      message: (label: string) => `The ${label} must be a PNG, JPEG, WebP or GIF image.`,
    },
    {
      title: 'a truncated PNG signature',
      file: { bytes: images.png.subarray(0, 7), name: 'short.png' },
      message: (label: string) => `The ${label} must be a PNG, JPEG, WebP or GIF image.`,
    },
    {
      title: 'a RIFF file that is not WebP',
      file: { bytes: new TextEncoder().encode('RIFF\x1a\x00\x00\x00WAVEfmt '), name: 'sound.webp' },
      message: (label: string) => `The ${label} must be a PNG, JPEG, WebP or GIF image.`,
    },
  ];

  for (const upload of uploads) {
    for (const { title, file, message } of refusals) {
      it(`${upload.path} refuses ${title} under ${upload.field} and stores nothing`, async () => {
        const before = await snapshot();
        const answer = await call(server, upload.path, form(upload.fields(brandId), { [upload.field]: file }), admin);
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual(invalid({ [upload.field]: [message(upload.label)] }));
        expect(await snapshot()).toEqual(before);
      });
    }

    it(`${upload.path} refuses two files in one field and stores nothing`, async () => {
      const before = await snapshot();
      const body = form(upload.fields(brandId));
      body.append(upload.field, new Blob([images.png as BlobPart]), 'one.png');
      body.append(upload.field, new Blob([images.jpg as BlobPart]), 'two.jpg');
      const answer = await call(server, upload.path, body, admin);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(invalid({ [upload.field]: ['Only one value may be sent for this field.'] }));
      expect(await snapshot()).toEqual(before);
    });

    it(`${upload.path} refuses a text value instead of a file and stores nothing`, async () => {
      const before = await snapshot();
      const answer = await call(server, upload.path, form({ ...upload.fields(brandId), [upload.field]: 'logo.png' }), admin);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(invalid({ [upload.field]: [`The ${upload.label} must be a file.`] }));
      expect(await snapshot()).toEqual(before);
    });
  }

  // Exposes a contract bug (src/contract/common.ts imageUpload): an object in place of the file
  // gets zod's default texts under "brandImage.filename" / "brandImage.bytes", not under brandImage.
  it('refuses a JSON object in place of the image under the image field', async () => {
    const before = await snapshot();
    for (const brandImage of [{}, { filename: 'a.png', bytes: Array.from(images.png) }]) {
      const answer = await call(server, 'brands/add-brand', { brandName: 'Json Brand', brandImage }, admin);
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(invalid({ brandImage: ['The brand image must be a file.'] }));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file sent in a text field', async () => {
    const before = await snapshot();
    const answer = await call(
      server,
      'brands/add-brand',
      form(
        {},
        { brandName: { bytes: new TextEncoder().encode('Sneaky'), name: 'n.txt' }, brandImage: { bytes: images.png, name: 'a.png' } },
      ),
      admin,
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(invalid({ brandName: ['This field must be text.'] }));
    expect(await snapshot()).toEqual(before);
  });

  it('update-brand refuses an SVG and keeps the stored image path', async () => {
    const before = await snapshot();
    const oldPath = await imageOf('Host Brand');
    const answer = await call(
      server,
      'brands/update-brand',
      form({ id: brandId, brandName: 'Host Brand', brandIsActive: 1 }, { brandImage: { bytes: images.svg, name: 'x.png' } }),
      admin,
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(invalid({ brandImage: ['The brand image must be a PNG, JPEG, WebP or GIF image.'] }));
    expect(await imageOf('Host Brand')).toBe(oldPath);
    expect(await snapshot()).toEqual(before);
  });

  it('GET of an unknown image, a known hash under another extension or an odd name is 404', async () => {
    const known = sha256(images.png);
    for (const path of [
      `/storage/${'0'.repeat(64)}.png`,
      `/storage/${known}.jpg`,
      `/storage/${known}.svg`,
      `/storage/${known.toUpperCase()}.png`,
      `/storage/${known}`,
      `/storage/${known}.png.html`,
      '/storage/x.png',
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual(notFound);
    }
    // The real one is there, so the 404s above are about the names.
    expect((await fetch(`${server.url}/storage/${known}.png`)).status).toBe(200);
  });

  it('GET of path-traversal names under /storage is 404', async () => {
    for (const path of [
      '/storage/../etc/passwd',
      '/storage/../../etc/passwd',
      '/storage/..%2F..%2Fetc%2Fpasswd',
      '/storage/%2e%2e/%2e%2e/etc/passwd',
      '/storage/..%5C..%5Cetc%5Cpasswd',
      `/storage/../storage/${sha256(images.png)}.png`,
    ]) {
      const answer = await rawGet(server, path);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body), path).toEqual(notFound);
    }
  });

  describe('with UPLOAD_MAX_BYTES of 1024', () => {
    let small: TestServer;
    let smallAdmin: string;
    let smallBrandId: number;

    beforeAll(async () => {
      small = await startServer(kind, { uploadMaxBytes: 1024 });
      ({ admin: smallAdmin } = await signInEachRole(small));
      const brand = await call(
        small,
        'brands/add-brand',
        form({ brandName: 'Small Host' }, { brandImage: { bytes: images.png, name: 'h.png' } }),
        smallAdmin,
      );
      if (brand.status !== 200) throw new Error(JSON.stringify(brand.body));
      smallBrandId = (await small.db.selectFrom('brands').select('id').where('name', '=', 'Small Host').executeTakeFirstOrThrow()).id;
    });
    afterAll(() => small.close());

    const smallSnapshot = async () => ({
      brands: (await small.db.selectFrom('brands').select('id').orderBy('id').execute()).map((r) => r.id),
      series: (await small.db.selectFrom('series').select('id').orderBy('id').execute()).map((r) => r.id),
      images: (await small.db.selectFrom('images').select('sha256').orderBy('sha256').execute()).map((r) => r.sha256),
    });

    for (const upload of uploads) {
      it(`${upload.path} refuses a 2 KiB PNG under ${upload.field} and stores nothing`, async () => {
        const before = await smallSnapshot();
        const answer = await call(
          small,
          upload.path,
          form(upload.fields(smallBrandId), { [upload.field]: { bytes: pngOfSize(2048), name: 'big.png' } }),
          smallAdmin,
        );
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual(invalid({ [upload.field]: ['The file may not be greater than 1 kilobytes.'] }));
        expect(await smallSnapshot()).toEqual(before);
      });
    }

    it('accepts a file of exactly the limit and refuses one byte more', async () => {
      const over = await call(
        small,
        'brands/add-brand',
        form({ brandName: 'Edge Over' }, { brandImage: { bytes: pngOfSize(1025), name: 'o.png' } }),
        smallAdmin,
      );
      expect(over.status).toBe(422);
      expect(over.body).toEqual(invalid({ brandImage: ['The file may not be greater than 1 kilobytes.'] }));
      const exact = await call(
        small,
        'brands/add-brand',
        form({ brandName: 'Edge Exact' }, { brandImage: { bytes: pngOfSize(1024), name: 'e.png' } }),
        smallAdmin,
      );
      expect(exact.status).toBe(200);
      expect(calls['brands/add-brand'].response.parse(exact.body).responseFlag).toBe('success');
    });

    it('the server still answers normally after refusing a large upload', async () => {
      const answer = await call(small, 'brands/get-all-brands', undefined, smallAdmin);
      expect(answer.status).toBe(200);
      expect(calls['brands/get-all-brands'].response.parse(answer.body).brands.map((b) => b.brandName)).toContain('Small Host');
    });
  });
});
