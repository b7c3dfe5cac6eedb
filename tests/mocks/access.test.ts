import { describe, expect, it } from 'vitest';
import { calls } from '#src/contract/calls.ts';
import { mayAccess } from '#src/domain/access.ts';
import { callAccess } from '#src/domain/call-access.ts';
import type { CallName } from '#src/contract/calls.ts';
import { assertEveryCallMocked, defineCall } from '#mocks/define-call.ts';
import { postToMocks, signInEachRole, startMockApi } from './harness.ts';
import { forbidden } from '#tests/api/expected.ts';

startMockApi();

const callNames = Object.keys(calls) as CallName[];

describe('who may call what', () => {
  it('answers 403 to a Sales user on brands, before reading the body', async () => {
    const { sales } = await signInEachRole();
    expect(await postToMocks('brands', {}, sales)).toMatchObject({ status: 403, body: forbidden });
    expect(await postToMocks('brands/add-brand', { brandName: '' }, sales)).toMatchObject({ status: 403, body: forbidden });
  });

  it('lets Sales read the models list but not add stock', async () => {
    const { sales } = await signInEachRole();
    expect((await postToMocks('models', {}, sales)).status).toBe(200);
    expect((await postToMocks('models/add-stock', { id: 1, modelQuantity: 1 }, sales)).status).toBe(403);
  });

  it('follows src/domain for every call and role (a 422 or 404 means it got past the check)', async () => {
    const tokens = await signInEachRole();
    const users = { admin: { roleId: 1, isAdmin: 1 }, manager: { roleId: 2, isAdmin: 0 }, sales: { roleId: 3, isAdmin: 0 } };
    for (const name of callNames.filter((n) => n !== 'auth/login' && n !== 'auth/logout')) {
      for (const role of ['admin', 'manager', 'sales'] as const) {
        const { status } = await postToMocks(name, {}, tokens[role]);
        const allowed = mayAccess(users[role], callAccess[name]);
        expect(status === 403, `${name} as ${role}: ${status}`).toBe(!allowed);
        expect([200, 403, 404, 422], `${name} as ${role}`).toContain(status);
      }
    }
    // Three calls for every call of the contract: it grows with the contract, past the default 5 s on a busy machine.
  }, 30_000);

  it('answers 203 on every call but the two steps of login without a token', async () => {
    const signedIn = callNames.filter((n) => callAccess[n].kind !== 'public');
    for (const name of signedIn) expect((await postToMocks(name)).status, name).toBe(203);
  });
});

describe('the wire around the calls', () => {
  it('answers 405 to another method on a known path', async () => {
    const answer = await fetch('http://localhost/api/brands', { method: 'GET' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(await answer.json()).toEqual({ responseMessage: 'Method not allowed.', responseFlag: 'danger' });
  });

  it('answers 419 when the anti-forgery cookie is not echoed', async () => {
    const { admin } = await signInEachRole();
    const mismatch = await postToMocks('me', undefined, admin, { headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'xyz' } });
    expect(mismatch).toMatchObject({ status: 419, body: { responseMessage: 'Page expired. Please reload the page.' } });
    const echoed = await postToMocks('me', undefined, admin, { headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' } });
    expect(echoed.status).toBe(200);
  });

  it('answers 400 for broken JSON and 422 for a body that is not an object', async () => {
    const { admin } = await signInEachRole();
    const broken = await postToMocks('brands', undefined, admin, { body: '{', headers: { 'content-type': 'application/json' } });
    expect(broken).toMatchObject({ status: 400, body: { responseMessage: 'The request body is not valid JSON.' } });
    const list = await postToMocks('brands', [1, 2], admin);
    expect(list).toMatchObject({ status: 422, body: { errors: { body: ['The request body must be a JSON object.'] } } });
  });

  it('refuses at load a handler list that misses a call or mocks one twice', () => {
    const me = defineCall('me', ({ user }) => ({ user, twoFactor: 0 as const }));
    expect(() => assertEveryCallMocked([me])).toThrow(/calls without a mock: auth\/login/);
    const all = callNames.map((name) => ({ name, handlers: [] }));
    expect(() => assertEveryCallMocked(all)).not.toThrow();
    expect(() => assertEveryCallMocked([...all, me])).toThrow('calls mocked twice: me');
  });
});
