import { describe, expect, it } from 'vitest';
import { postToMocks, ok, signInEachRole, startMockApi } from './harness.ts';

startMockApi();

const errorsOf = async (body: unknown, token: string) => {
  const answer = await postToMocks('models/add-stock', body, token);
  expect(answer.status).toBe(422);
  return answer.body.errors;
};

describe('models/add-stock', () => {
  it('answers 422 with the screen messages', async () => {
    const { manager } = await signInEachRole();
    expect(await errorsOf({}, manager)).toEqual({ id: ['Please select model.'], modelQuantity: ['Please enter quantity.'] });
    expect(await errorsOf({ id: '', modelQuantity: '' }, manager)).toEqual({
      id: ['Please select model.'],
      modelQuantity: ['Please enter quantity.'],
    });
    expect(await errorsOf({ id: 1, modelQuantity: 'abc' }, manager)).toEqual({ modelQuantity: ['Please enter integer value.'] });
    expect(await errorsOf({ id: 1, modelQuantity: 1.5 }, manager)).toEqual({ modelQuantity: ['Please enter integer value.'] });
    expect(await errorsOf({ id: 1, modelQuantity: 0 }, manager)).toEqual({ modelQuantity: ['Please enter value greater than 0.'] });
    expect(await errorsOf({ id: 1, modelQuantity: 1_000_001 }, manager)).toEqual({ modelQuantity: ['Please enter value up to 1000000.'] });
    expect(await errorsOf({ id: 999, modelQuantity: 3 }, manager)).toEqual({ id: ['The selected model is invalid.'] });
  });

  it('adds to the quantity the models list shows, and logs the addition newest first', async () => {
    // Sales no longer receive the quantity (docs/design.md §7.6): the manager reads it.
    const { manager } = await signInEachRole();
    const before = ok('models', await postToMocks('models', { filters: { search: 'GS-12FITH1W' } }, manager)).tableData.data[0]!;
    expect(before).toMatchObject({ id: 1, modelQuantity: 26 });

    const added = await postToMocks('models/add-stock', { id: '1', modelQuantity: '7' }, manager);
    expect(ok('models/add-stock', added)).toEqual({ responseMessage: 'Stock added successfully.', responseFlag: 'success' });

    const after = ok('models', await postToMocks('models', {}, manager)).tableData.data.find((row) => row.id === 1);
    expect(after?.modelQuantity).toBe(33);

    const logs = ok('models/model-logs', await postToMocks('models/model-logs', { filters: { modelId: 1 } }, manager)).tableData;
    expect(logs.total).toBe(4);
    expect(logs.data[0]).toMatchObject({ quantity: 7, quantityType: 1, name: 'Manager User' });
    expect(Date.parse(logs.data[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(logs.data.map((row) => row.created_at)).toEqual(
      logs.data
        .map((row) => row.created_at)
        .sort()
        .reverse(),
    );
    // The invariant: the quantity is the sum of the log (additions minus deductions).
    const sum = logs.data.reduce((total, row) => total + (row.quantityType === 2 ? -row.quantity : row.quantity), 0);
    expect(sum).toBe(33);
  });
});

describe('models/model-logs', () => {
  it('needs a known model id, under filters.modelId', async () => {
    const { admin } = await signInEachRole();
    expect((await postToMocks('models/model-logs', {}, admin)).body.errors).toEqual({
      'filters.modelId': ['The model id field is required.'],
    });
    expect((await postToMocks('models/model-logs', { filters: { modelId: 404 } }, admin)).body.errors).toEqual({
      'filters.modelId': ['The selected model is invalid.'],
    });
  });

  it('pages a model without logs as empty', async () => {
    const { admin } = await signInEachRole();
    const logs = ok('models/model-logs', await postToMocks('models/model-logs', { filters: { modelId: 3 } }, admin)).tableData;
    expect(logs).toMatchObject({ data: [], total: 0, from: null, to: null, last_page: 1, path: '/api/models/model-logs' });
  });
});
