import { describe, expect, it } from 'vitest';
import { postToMocks, file, form, images, signInEachRole, startMockApi, type Answer } from './harness.ts';

// The mocks keep the text rules of docs/design.md §7.2 and §7.6 as the server does (tests/api/text-rules.test.ts).

startMockApi();

function expect422(answer: Answer, field: string, message: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(answer.body.errors[field]).toEqual([message]);
}

const addUser = (admin: string, fields: Record<string, unknown>) =>
  postToMocks('users/add-user', { name: 'Someone', username: 'someone', password: 'password123', roleId: 3, ...fields }, admin);
const addBrand = (admin: string, brandName: string) =>
  postToMocks('brands/add-brand', form({ brandName }, { brandImage: file(images.png, 'b.png') }), admin);

describe('text rules on the mocks', () => {
  it('refuses control characters in a login, a search and a name', async () => {
    const { admin } = await signInEachRole();
    const control = 'This field may not contain control characters.';
    expect422(await postToMocks('auth/login', { username: 'ad\u0000min', password: 'password123' }), 'username', control);
    expect422(await postToMocks('brands', { filters: { search: 'a\u0000' } }, admin), 'filters.search', control);
    expect422(await addUser(admin, { name: 'Na\u0085me' }), 'name', control);
  });

  it('takes full-width and look-alike usernames as the ones they mimic, and refuses invisible characters', async () => {
    const { admin } = await signInEachRole();
    expect422(await addUser(admin, { username: 'ａｄｍｉｎ' }), 'username', 'The username has already been taken.');
    expect422(await addUser(admin, { username: '\u0430dmin' }), 'username', 'The username has already been taken.');
    expect422(await addUser(admin, { username: 'zero\u200bwidth' }), 'username', 'This field may not contain invisible characters.');
    expect((await addUser(admin, { username: 'İ'.repeat(255) })).status).toBe(200);
  });

  it('refuses bidirectional controls and zero-width characters in a stock note, a search, a login and a password', async () => {
    const { admin, manager } = await signInEachRole();
    const invisible = 'This field may not contain invisible characters.';
    for (const ch of ['\u202e', '\u2066', '\u200b', '\u200d', '\u2060', '\ufeff']) {
      expect422(await postToMocks('models/add-stock', { id: 1, modelQuantity: 1, note: `ORD-${ch}1234` }, manager), 'note', invisible);
      expect422(await postToMocks('models/remove-stock', { id: 1, modelQuantity: 1, note: `ORD-${ch}1234` }, manager), 'note', invisible);
      expect422(await postToMocks('models', { filters: { search: `GS${ch}` } }, admin), 'filters.search', invisible);
      expect422(await postToMocks('auth/login', { username: `ad${ch}min`, password: 'password123' }), 'username', invisible);
      expect422(await addUser(admin, { password: `password${ch}123` }), 'password', invisible);
    }
    expect422(await postToMocks('models/add-stock', { id: 1, modelQuantity: 1, note: '\ufeff' }, manager), 'note', invisible);
  });

  it('refuses catalogue names that mix alphabets and full-width copies of a brand', async () => {
    const { admin } = await signInEachRole();
    expect422(await addBrand(admin, 'Gr\u0435\u0435'), 'brandName', 'The name may not mix alphabets.');
    expect422(await addBrand(admin, 'ＧＲＥＥ'), 'brandName', 'The brand name has already been taken.');
  });

  it('refuses spaces-only passwords and judges decimals by the text sent', async () => {
    const { admin, sales } = await signInEachRole();
    expect422(await addUser(admin, { password: '        ' }), 'password', 'Please enter password.');
    expect422(
      await postToMocks(
        'auth/change-password',
        { currentPassword: 'password123', password: '        ', password_confirmation: '        ' },
        sales,
      ),
      'password',
      'Please enter password.',
    );
    const raw = await postToMocks('models/add-model', undefined, admin, {
      headers: { 'content-type': 'application/json' },
      body: '{"modelName":"Precise","modelSeriesId":1,"modelPriceUsd":12.349999999999999999}',
    });
    expect422(raw, 'modelPriceUsd', 'The price may have at most 2 decimals.');
  });
});
