import { describe, expect, it } from 'vitest';
import { postToMocks, ok, signInEachRole, startMockApi } from './harness.ts';

startMockApi();

describe('variables', () => {
  it('keeps the values as entered and puts exch errors under newExch', async () => {
    const { admin, manager, sales } = await signInEachRole();
    // Sales receive the TR and the rate alone (docs/design.md §8.9).
    expect(ok('variables', await postToMocks('variables', undefined, sales)).variables).toEqual({
      tr: '3.517',
      exch: '281.15',
      version: 1,
    });
    expect(ok('variables', await postToMocks('variables', undefined, admin)).variables).toEqual({
      tr: '3.517',
      exch: '281.15',
      fare: '0.05',
      duties: '0.20',
      profit: '0.15',
      version: 1,
    });
    for (const [exch, message] of [
      ['', 'Please enter exch.'],
      ['0', 'The EXCH must be between 1 and 100000.'],
      ['0.0000000001', 'The EXCH must be between 1 and 100000.'],
      ['100001', 'The EXCH must be between 1 and 100000.'],
      ['abc', 'The exch must be a number greater than 0.'],
    ]) {
      const answer = await postToMocks('variables/update-exch', { exch }, manager);
      expect(answer).toMatchObject({ status: 422, body: { message, errors: { newExch: [message] } } });
    }
    const updated = await postToMocks('variables/update-exch', { exch: ' 290.50 ' }, manager);
    expect(ok('variables/update-exch', updated)).toEqual({
      responseMessage: 'Exchange rate updated successfully.',
      responseFlag: 'success',
      version: 2,
    });
    // docs/design.md §8.9: an Undo with that version is refused once anyone changed EXCH since, even back to 290.50.
    expect((await postToMocks('variables/update-exch', { exch: '300', previousExch: '290.50' }, admin)).status).toBe(200);
    expect((await postToMocks('variables/update-exch', { exch: '290.50', previousExch: '300' }, admin)).status).toBe(200);
    const undo = await postToMocks('variables/update-exch', { exch: '281.15', previousExch: '290.50', version: 2 }, manager);
    expect(undo).toMatchObject({
      status: 422,
      body: { errors: { version: ['This record has been changed by someone else. Reload to see it.'] } },
    });
    expect(ok('variables', await postToMocks('variables', undefined, sales)).variables.exch).toBe('290.50');

    const all = { tr: '3.5', exch: '300', fare: '0', duties: '0.10', profit: '' };
    expect((await postToMocks('variables/update-variables', all, admin)).body.errors).toEqual({ profit: ['Please enter profit value.'] });
    expect((await postToMocks('variables/update-variables', { ...all, profit: '0.2' }, admin)).status).toBe(200);
    expect(ok('variables', await postToMocks('variables', undefined, manager)).variables).toEqual({ ...all, profit: '0.2', version: 5 });
  });
});
