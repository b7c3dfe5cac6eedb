import { describe, expect, it } from 'vitest';
import { postToMocks, signInEachRole, startMockApi } from './harness.ts';

startMockApi();

const STALE = { version: ['This record has been changed by someone else. Reload to see it.'] };

describe('record versions on the mocks, as on the server', () => {
  it('answers versions, raises them on each update and refuses an older one without a change', async () => {
    const { admin, manager } = await signInEachRole();
    const getModel = async () => (await postToMocks('models/get-model', { id: 1 }, admin)).body.model;
    const shown = await getModel();
    expect(shown.version).toBe(1);
    const body = { id: 1, modelName: shown.modelName, modelPriceUsd: 1, modelSeriesId: shown.modelSeriesId, modelIsActive: 1 };
    expect((await postToMocks('models/update-model', { ...body, version: 1 }, admin)).status).toBe(200);
    expect((await getModel()).version).toBe(2);
    const late = await postToMocks('models/update-model', { ...body, modelPriceUsd: 2, version: 1 }, admin);
    expect(late.status).toBe(422);
    expect(late.body.errors).toEqual(STALE);
    expect((await getModel()).modelPriceUsd).toBe(1);
    // Stock moves leave it alone.
    expect((await postToMocks('models/add-stock', { id: 1, modelQuantity: 3 }, manager)).status).toBe(200);
    expect((await getModel()).version).toBe(2);

    const variables = async () => (await postToMocks('variables', undefined, manager)).body.variables;
    expect((await variables()).version).toBe(1);
    expect((await postToMocks('variables/update-exch', { exch: '300', version: 1 }, manager)).status).toBe(200);
    const stale = await postToMocks('variables/update-exch', { exch: '301', version: 1 }, manager);
    expect(stale.body.errors).toEqual(STALE);
    expect(await variables()).toMatchObject({ exch: '300', version: 2 });
  });
});
