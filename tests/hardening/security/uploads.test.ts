import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, describeEachDatabase, form, images, signInEachRole, startServer, type TestServer } from '#tests/api/harness.ts';
import { invalid } from '#tests/api/expected.ts';

const text = (value: string) => new TextEncoder().encode(value);
const join = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((part) => [...part]));
const notAnImage = invalid({ brandImage: ['The brand image must be a PNG, JPEG, WebP or GIF image.'] });

// Files whose first bytes say "image" but which also carry a page or a script.
const polyglots = {
  'a GIF header over a script': text('GIF89a/*\x01\x00\x01\x00*/=1;<script>alert(1)</script>'),
  'a PNG followed by an HTML page': join(images.png, text('<html><body onload=alert(1)>')),
  'a JPEG with an SVG inside': join(images.jpg, text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
  'a WebP with a javascript: link': join(images.webp, text('<a href="JavaScript:alert(1)">x</a>')),
  'a PNG with a doctype in the middle': join(images.png, new Uint8Array(512), text('<!DOCTYPE html><p>hi')),
};

describeEachDatabase('upload hardening', (kind) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin } = await signInEachRole(server));
  });
  afterAll(() => server.close());

  const stored = async () => ({
    brands: (await server.db.selectFrom('brands').select('id').execute()).length,
    images: (await server.db.selectFrom('images').select('sha256').execute()).length,
  });

  for (const [title, bytes] of Object.entries(polyglots)) {
    it(`refuses ${title} and stores nothing`, async () => {
      const before = await stored();
      const answer = await call(
        server,
        'brands/add-brand',
        form({ brandName: 'Polyglot' }, { brandImage: { bytes, name: 'logo.png' } }),
        admin,
      );
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual(notAnImage);
      expect(await stored()).toEqual(before);
    });
  }

  it('still accepts an image whose metadata is XML (XMP), which is not markup a browser runs', async () => {
    const xmp = join(
      images.jpg,
      text('<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>'),
    );
    const answer = await call(
      server,
      'brands/add-brand',
      form({ brandName: 'With XMP' }, { brandImage: { bytes: xmp, name: 'photo.jpg' } }),
      admin,
    );
    expect(answer.status).toBe(200);
  });

  it('refuses a 50 MB file with a 4xx, stores nothing and keeps serving', async () => {
    const before = await stored();
    const huge = new Uint8Array(50 * 1024 * 1024);
    huge.set(images.png);
    const answer = await call(
      server,
      'brands/add-brand',
      form({ brandName: 'Huge' }, { brandImage: { bytes: huge, name: 'huge.png' } }),
      admin,
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(invalid({ brandImage: ['The file may not be greater than 2048 kilobytes.'] }));
    expect(await stored()).toEqual(before);
    expect((await call(server, 'me', undefined, admin)).status).toBe(200);
  });
});
