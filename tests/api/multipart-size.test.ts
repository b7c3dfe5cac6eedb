import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectSecurityHeaders } from './expected.ts';
import { call, describeEachDatabase, form, images, signInEachRole, startServer, type TestServer } from './harness.ts';

const UPLOAD_MAX_BYTES = 1024;
/** What the server allows beside the file: docs/design.md §7.6's 64 KiB. */
const FIELDS_BYTES = 65_536;

describeEachDatabase('the size of a whole multipart body', (kind) => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startServer(kind, { uploadMaxBytes: UPLOAD_MAX_BYTES });
    ({ admin } = await signInEachRole(server));
  });
  afterAll(() => server.close());

  const brands = async () => (await server.db.selectFrom('brands').select('name').orderBy('id').execute()).map((row) => row.name);
  /** brandName, a small image and extra fields of `size` bytes each. */
  const padded = (brandName: string, extraFields: number, size: number) =>
    form(
      { brandName, ...Object.fromEntries(Array.from({ length: extraFields }, (_, i) => [`pad${i}`, 'x'.repeat(size)])) },
      { brandImage: { bytes: images.png, name: 'logo.png' } },
    );

  it('is 413 beyond UPLOAD_MAX_BYTES + 64 KiB, whatever its fields, and nothing is stored', async () => {
    const before = await brands();
    const answer = await call(server, 'brands/add-brand', padded('Padded Brand', 10, 10_000), admin);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ responseMessage: 'Request body is too large', responseFlag: 'danger' });
    expectSecurityHeaders(answer.headers, '413 multipart');
    expect(await brands()).toEqual(before);
    // One field alone larger than the whole allowance: the same.
    expect((await call(server, 'brands/add-brand', padded('One Big Field', 1, UPLOAD_MAX_BYTES + FIELDS_BYTES), admin)).status).toBe(413);
    expect(await brands()).toEqual(before);
  });

  it('is read when it fits, extra fields and all', async () => {
    const answer = await call(server, 'brands/add-brand', padded('Fitting Brand', 5, 10_000), admin);
    expect(answer.status).toBe(200);
    expect(await brands()).toContain('Fitting Brand');
  });
});
