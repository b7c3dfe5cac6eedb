import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '#src/contract/calls.ts';
import { mayAccess } from '#src/domain/access.ts';
import { callAccess } from '#src/domain/call-access.ts';
import type { CallName } from '#src/contract/calls.ts';
import { createSession } from '#server/repositories/sessions.ts';
import { updateUser } from '#server/repositories/users.ts';
import {
  call,
  createUser,
  describeEachDatabase,
  login,
  roleUsers,
  signInEachRole,
  startServer,
  type Role,
  type Answer,
  type TestServer,
} from './harness.ts';
import { forbidden } from './expected.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';

const dangerBody = { responseMessage: expect.any(String), responseFlag: 'danger' };

// Every call of the contract, so a call added later cannot skip the matrix.
const callNames = Object.keys(calls) as CallName[];
// Calls that end the session they are made with: each role makes them with a session of its own.
const sessionEnding = new Set<CallName>(['auth/logout']);

describe('the access table', () => {
  it('names exactly the calls of the contract', () => {
    expect(Object.keys(callAccess).sort()).toEqual(Object.keys(calls).sort());
    expect(callNames.length).toBeGreaterThan(0);
  });
});

describeEachDatabase('permissions', (kind) => {
  let server: TestServer;
  let tokens: Record<Role, string>;
  let deactivated: string;
  let ids: Record<Role, number>;
  const usernames: Partial<Record<Role, string>> = {};

  beforeAll(async () => {
    server = await startServer(kind);
    const signedIn = await signInEachRole(server);
    tokens = { sales: signedIn.sales, manager: signedIn.manager, admin: signedIn.admin };
    ids = signedIn.ids;
    for (const role of Object.keys(roleUsers) as Role[]) {
      const row = await server.db.selectFrom('users').select('username').where('id', '=', signedIn.ids[role]).executeTakeFirstOrThrow();
      usernames[role] = row.username;
    }
    // An admin, the most powerful role, signed in and then deactivated: no call may go through.
    const inactiveId = await createUser(server, 1, 'deactivated-admin');
    deactivated = await login(server, 'deactivated-admin');
    await updateUser(server.db, UNAUDITED, inactiveId, { isActive: 0 });
  });
  afterAll(() => server.close());

  function expectSessionRefused(answer: Answer) {
    expect(answer.status).toBe(203);
    expect(answer.body).toEqual(dangerBody);
  }

  for (const name of callNames) {
    it(`enforces the access of ${name}`, async () => {
      const access = callAccess[name];

      const anonymous = await call(server, name, {});
      const inactive = await call(server, name, {}, deactivated);
      if (access.kind === 'public') {
        for (const answer of [anonymous, inactive]) expect([200, 404, 422]).toContain(answer.status);
      } else {
        expectSessionRefused(anonymous);
        expectSessionRefused(inactive);
      }

      for (const role of Object.keys(roleUsers) as Role[]) {
        const token = sessionEnding.has(name) ? await createSession(server.db, ids[role], 1) : tokens[role];
        const answer = await call(server, name, {}, token);
        if (mayAccess(roleUsers[role], access)) {
          expect([200, 404, 422], `${role} on ${name}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
          if (answer.status === 200) expect(calls[name].response.parse(answer.body)).toEqual(answer.body);
        } else {
          expect(answer.status, `${role} on ${name}`).toBe(403);
          expect(answer.body).toEqual(forbidden);
        }
      }
    });
  }

  it('still lets each role through after the matrix (no call ended a shared session)', async () => {
    for (const role of Object.keys(roleUsers) as Role[]) {
      const me = await call(server, 'me', undefined, tokens[role]);
      expect(me.status).toBe(200);
      expect(me.body.user).toMatchObject({ ...roleUsers[role], username: usernames[role] });
    }
  });

  it('checks the session before the role and the role before the body', async () => {
    // An invalid body from someone not allowed is still a 403, never a 422 that would reveal the rules.
    const answer = await call(server, 'users/add-user', { roleId: 'x' }, tokens.sales);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(forbidden);
    expectSessionRefused(await call(server, 'users/add-user', { roleId: 'x' }));
    expectSessionRefused(await call(server, 'users/add-user', { roleId: 'x' }, deactivated));
  });

  it('answers 405 to GET (and other methods) on every call', async () => {
    for (const name of callNames) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const response = await fetch(`${server.url}/api/${name}`, { method, headers: { authorization: `Bearer ${tokens.admin}` } });
        expect(response.status, `${method} ${name}`).toBe(405);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await response.json()).toEqual(dangerBody);
      }
    }
  });

  it('answers 404 JSON for an unknown /api path', async () => {
    for (const path of ['/api/no-such-call', '/api/users/no-such-call', '/api/me/extra', '/api']) {
      for (const method of ['POST', 'GET']) {
        const response = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${tokens.admin}` } });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await response.json()).toEqual(dangerBody);
      }
    }
  });
});
