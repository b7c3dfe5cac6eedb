import { describe, expect, it } from 'vitest';
import { apiRequest, ok, postToMocks, signInEachRole, startMockApi } from './harness.ts';

// The mocks sort and export as the server does (docs/design.md §7.1); parity.test.ts compares the
// two answer for answer, this checks the rules on the seed catalogue.

startMockApi();

const forbidden = { responseMessage: "You didn't have permission to perform this action.", responseFlag: 'danger' };

describe('models sort in the mocks', () => {
  it('sorts Sales by Total (`price`) both ways, ties in the list order, and capacities with the empty ones last', async () => {
    const { sales, manager } = await signInEachRole();
    const rows = async (sort: string, by = sales) => ok('models', await postToMocks('models', { filters: {}, sort }, by)).tableData.data;
    // Sales receive the server's Total, not the USD price (docs/design.md §8.9); the order is the same.
    const asc = (await rows('price.asc')).map((row) => row.modelTotal!);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await rows('price.desc')).map((row) => row.modelTotal!);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    // A manager: the one model without a capacity is in an inactive series, which Sales are not offered.
    for (const sort of ['capacity.asc', 'capacity.desc']) {
      const capacities = (await rows(sort, manager)).map((row) => row.modelCapacityKW);
      expect(capacities.at(-1), sort).toBeNull();
      expect(capacities.indexOf(null), sort).toBe(capacities.length - capacities.filter((kw) => kw === null).length);
    }
  });

  it('answers 403 to Sales sorting by stock and 422 to an unknown sort', async () => {
    const { sales, manager } = await signInEachRole();
    expect(await postToMocks('models', { sort: 'quantity.asc' }, sales)).toMatchObject({ status: 403, body: forbidden });
    expect((await postToMocks('models', { sort: 'quantity.asc' }, manager)).status).toBe(200);
    expect(await postToMocks('models', { sort: 'price.up' }, manager)).toMatchObject({
      status: 422,
      body: { errors: { sort: ['The selected sort is invalid.'] } },
    });
  });
});

describe('models export in the mocks', () => {
  it('answers the CSV download with the server’s headers, BOM and CRLF', async () => {
    const { sales } = await signInEachRole();
    const response = await fetch(
      apiRequest('http://localhost/api/models/export', { filters: { search: 'gs-12' }, sort: 'model.desc' }, sales),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="models-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('Brand,Series,Model,Capacity-KW,Total');
    expect(lines.slice(1, -1).map((line) => line.split(',')[2])).toEqual(['GS-12PITH11G', 'GS-12FITH1W']);
    expect(lines.at(-1)).toBe('');
  });

  it('answers 403 to a status filter from Sales', async () => {
    const { sales } = await signInEachRole();
    expect(await postToMocks('models/export', { filters: { status: 1 } }, sales)).toMatchObject({ status: 403, body: forbidden });
  });
});
