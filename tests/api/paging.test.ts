import { afterAll, beforeAll, expect, it } from 'vitest';
import { calls } from '#src/contract/calls.ts';
import { insertBrand } from '#server/repositories/brands.ts';
import { call, describeEachDatabase, images, signInEachRole, startServer, type TestServer } from './harness.ts';
import { invalid } from './expected.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';

const MAX_INT = 2_147_483_647;
const url = (n: number) => `/api/brands?page=${n}`;
const pad = (n: number) => String(n).padStart(2, '0');
const WHOLE = 'The value must be a whole number of 1 or more.';

describeEachDatabase('paging', (kind) => {
  let server: TestServer;
  let admin: string;
  let sales: string;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ admin, sales } = await signInEachRole(server));
    // 60 rows for exact pages, 65 for a partial last page; through the repository for speed.
    const names = [
      ...Array.from({ length: 60 }, (_, i) => `Exact ${pad(i + 1)}`),
      ...Array.from({ length: 65 }, (_, i) => `Partial ${pad(i + 1)}`),
    ];
    for (const name of names)
      await insertBrand(server.db, UNAUDITED, { name, image: { filename: 'logo.png', bytes: images.png }, isActive: 1 });
  });
  afterAll(() => server.close());

  const brands = async (body: unknown) => {
    const answer = await call(server, 'brands', body, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return calls.brands.response.parse(answer.body).tableData;
  };
  const names = (data: { brandName: string }[]) => data.map((row) => row.brandName);
  const range = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix} ${pad(from + i)}`);

  it('an empty result has no rows, null from/to, total 0 and one page', async () => {
    expect(await brands({ filters: { search: 'nothing like this' }, page: 1, per_page: 30 })).toEqual({
      data: [],
      per_page: 30,
      from: null,
      to: null,
      total: 0,
      last_page: 1,
      current_page: 1,
      first_page_url: url(1),
      last_page_url: url(1),
      next_page_url: null,
      prev_page_url: null,
      path: '/api/brands',
    });
  });

  it('exact pages: 60 rows at 30 a page', async () => {
    const first = await brands({ filters: { search: 'exact' }, page: 1, per_page: 30 });
    expect({ ...first, data: names(first.data) }).toEqual({
      data: range('Exact', 1, 30),
      per_page: 30,
      from: 1,
      to: 30,
      total: 60,
      last_page: 2,
      current_page: 1,
      first_page_url: url(1),
      last_page_url: url(2),
      next_page_url: url(2),
      prev_page_url: null,
      path: '/api/brands',
    });

    const second = await brands({ filters: { search: 'exact' }, page: 2, per_page: 30 });
    expect({ ...second, data: names(second.data) }).toEqual({
      data: range('Exact', 31, 60),
      per_page: 30,
      from: 31,
      to: 60,
      total: 60,
      last_page: 2,
      current_page: 2,
      first_page_url: url(1),
      last_page_url: url(2),
      next_page_url: null,
      prev_page_url: url(1),
      path: '/api/brands',
    });
  });

  it('a partial last page: 65 rows at 30 a page end with 5 on page 3', async () => {
    const middle = await brands({ filters: { search: 'partial' }, page: 2, per_page: 30 });
    expect(middle).toMatchObject({ from: 31, to: 60, last_page: 3, next_page_url: url(3), prev_page_url: url(1) });

    const last = await brands({ filters: { search: 'partial' }, page: 3, per_page: 30 });
    expect({ ...last, data: names(last.data) }).toEqual({
      data: range('Partial', 61, 65),
      per_page: 30,
      from: 61,
      to: 65,
      total: 65,
      last_page: 3,
      current_page: 3,
      first_page_url: url(1),
      last_page_url: url(3),
      next_page_url: null,
      prev_page_url: url(2),
      path: '/api/brands',
    });
  });

  it('"All" (per_page = total) is one page, and so is any larger page size', async () => {
    for (const perPage of [65, 500]) {
      const all = await brands({ filters: { search: 'partial' }, page: 1, per_page: perPage });
      expect({ ...all, data: names(all.data) }).toEqual({
        data: range('Partial', 1, 65),
        per_page: perPage,
        from: 1,
        to: 65,
        total: 65,
        last_page: 1,
        current_page: 1,
        first_page_url: url(1),
        last_page_url: url(1),
        next_page_url: null,
        prev_page_url: null,
        path: '/api/brands',
      });
    }
  });

  it('a page past the end is empty with null from/to and keeps the totals', async () => {
    expect(await brands({ filters: { search: 'partial' }, page: 4, per_page: 30 })).toEqual({
      data: [],
      per_page: 30,
      from: null,
      to: null,
      total: 65,
      last_page: 3,
      current_page: 4,
      first_page_url: url(1),
      last_page_url: url(3),
      next_page_url: null,
      prev_page_url: url(3),
      path: '/api/brands',
    });
  });

  it('a huge page number, and a huge page size with it, do not fail', async () => {
    const far = await brands({ filters: {}, page: MAX_INT, per_page: 30 });
    expect(far).toMatchObject({
      data: [],
      from: null,
      to: null,
      total: 125,
      last_page: 5,
      current_page: MAX_INT,
      next_page_url: null,
      prev_page_url: url(MAX_INT - 1),
    });

    const both = await brands({ filters: {}, page: MAX_INT, per_page: MAX_INT });
    expect(both).toMatchObject({ data: [], from: null, to: null, total: 125, last_page: 1, per_page: MAX_INT, current_page: MAX_INT });

    const hugeSize = await brands({ filters: {}, page: 1, per_page: MAX_INT });
    expect(hugeSize).toMatchObject({ from: 1, to: 125, total: 125, last_page: 1, next_page_url: null });
    expect(hugeSize.data).toHaveLength(125);
  });

  it('refuses a page size of 0, -1, 1.5, "x", an empty array or one too large, under per_page', async () => {
    for (const perPage of [0, -1, 1.5, 'x', '1.5', ' ', true, [30]]) {
      const answer = await call(server, 'brands', { filters: {}, page: 1, per_page: perPage }, admin);
      expect(answer.status, JSON.stringify(perPage)).toBe(422);
      expect(answer.body).toEqual(invalid({ per_page: [WHOLE] }));
    }
    const tooLarge = await call(server, 'brands', { filters: {}, page: 1, per_page: MAX_INT + 1 }, admin);
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body).toEqual(invalid({ per_page: [`The value may not be greater than ${MAX_INT}.`] }));
  });

  it('refuses a page of 0, -1, 1.5 or "x", and one too large, under page', async () => {
    for (const page of [0, -1, 1.5, 'x', 'Infinity']) {
      const answer = await call(server, 'brands', { filters: {}, page, per_page: 30 }, admin);
      expect(answer.status, JSON.stringify(page)).toBe(422);
      expect(answer.body).toEqual(invalid({ page: [WHOLE] }));
    }
    const tooLarge = await call(server, 'brands', { filters: {}, page: MAX_INT + 1, per_page: 30 }, admin);
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body).toEqual(invalid({ page: [`The value may not be greater than ${MAX_INT}.`] }));
  });

  it('reports both fields when page and per_page are both wrong', async () => {
    const answer = await call(server, 'brands', { filters: {}, page: 0, per_page: 0 }, admin);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual(invalid({ page: [WHOLE], per_page: [WHOLE] }));
  });

  it('accepts page and per_page as numeric strings', async () => {
    const second = await brands({ filters: { search: 'exact' }, page: '2', per_page: '30' });
    expect(second).toMatchObject({ current_page: 2, per_page: 30, from: 31, to: 60 });
    expect(names(second.data)).toEqual(range('Exact', 31, 60));
  });

  it('page defaults to 1 and per_page to 30 on brands and users, when absent, null or blank', async () => {
    for (const body of [undefined, {}, { filters: null, page: null, per_page: null }, { page: '', per_page: '' }]) {
      const page = await brands(body);
      expect(page, JSON.stringify(body)).toMatchObject({ current_page: 1, per_page: 30, from: 1, to: 30, total: 125, last_page: 5 });
      expect(names(page.data)).toEqual(range('Exact', 1, 30));
    }
    const users = await call(server, 'users', {}, admin);
    expect(users.status).toBe(200);
    expect(calls.users.response.parse(users.body).tableData).toMatchObject({
      current_page: 1,
      per_page: 30,
      path: '/api/users',
      first_page_url: '/api/users?page=1',
    });
  });

  it('per_page defaults to 500 on the models list', async () => {
    const models = await call(server, 'models', {}, sales);
    expect(models.status).toBe(200);
    expect(calls.models.response.parse(models.body).tableData).toMatchObject({
      current_page: 1,
      per_page: 500,
      path: '/api/models',
      last_page: 1,
    });
  });

  it('pages never repeat or skip a row', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 18; page++) seen.push(...names((await brands({ filters: {}, page, per_page: 7 })).data));
    const all = names((await brands({ filters: {}, page: 1, per_page: 500 })).data);
    expect(all).toHaveLength(125);
    expect(seen).toEqual(all);
  });

  it('a page size of 1 gives one row a page and as many pages as rows', async () => {
    const page = await brands({ filters: { search: 'exact' }, page: 60, per_page: 1 });
    expect({ ...page, data: names(page.data) }).toEqual({
      data: ['Exact 60'],
      per_page: 1,
      from: 60,
      to: 60,
      total: 60,
      last_page: 60,
      current_page: 60,
      first_page_url: url(1),
      last_page_url: url(60),
      next_page_url: null,
      prev_page_url: url(59),
      path: '/api/brands',
    });
  });
});
