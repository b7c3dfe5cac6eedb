import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { readConfig } from '#server/config.ts';
import { createApi } from '#server/http/register-call.ts';
import { createSession } from '#server/repositories/sessions.ts';
import { calls } from '#src/contract/calls.ts';
import { EVENTS_PATH } from '#src/contract/events.ts';
import { mayAccess } from '#src/domain/access.ts';
import { callAccess } from '#src/domain/call-access.ts';
import type { CallName } from '#src/contract/calls.ts';
import { freshDatabase } from '#tests/support/test-server.ts';
import {
  call,
  createUser,
  databaseKinds,
  describeEachDatabase,
  roleUsers,
  signInEachRole,
  startServer,
  type Role,
  type TestServer,
} from '#tests/api/harness.ts';
import { forbidden } from '#tests/api/expected.ts';

const sessionRefused = { responseMessage: 'Your session has expired. Please sign in again.', responseFlag: 'danger' };

describe('a route outside the call registry cannot reach /api', () => {
  const handler = async () => ({ leaked: true });

  it('fails as it is declared, on the app as it is built', async () => {
    const database = await freshDatabase(databaseKinds[0]!);
    const { app } = await buildApp({ ...readConfig({}), databaseUrl: database.url }, false);
    try {
      for (const [method, url] of [
        ['POST', '/api/debug'],
        ['GET', '/api/users/export'],
        ['POST', '/api'],
        ['GET', '/:anything/x'],
        ['GET', '/*'],
      ] as const) {
        expect(() => app.route({ method, url, handler }), `${method} ${url}`).toThrow(/not a call of the contract/);
      }
      // Outside /api, public routes remain possible (the image store is one).
      expect(() => app.get('/health', handler)).not.toThrow();
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it('fails start-up when a plugin declares one', async () => {
    const app = Fastify();
    createApi(app, undefined as never, 1024, undefined as never);
    // Not awaited: the plugin loads during ready(), as a late-registered plugin would.
    void app.register(async (child) => {
      child.post('/api/backdoor', handler);
    });
    await expect(app.ready()).rejects.toThrow(/POST \/api\/backdoor is not a call of the contract/);
  });
});

describeEachDatabase('the access matrix, from the route registry', (kind) => {
  let server: TestServer;
  let ids: Record<Role, number>;
  let tokens: Record<Role, string>;
  let deactivated: string;

  beforeAll(async () => {
    server = await startServer(kind);
    ({ ids, ...tokens } = await signInEachRole(server));
    const inactiveId = await createUser(server, 1, 'matrix-deactivated');
    deactivated = await createSession(server.db, inactiveId, 1);
    await server.db.updateTable('users').set({ is_active: 0 }).where('id', '=', inactiveId).execute();
  });
  afterAll(() => server.close());

  const underApi = () => server.routes.filter((route) => route.url === '/api' || route.url.startsWith('/api/'));
  // The live-updates stream is the one route of /api that no call is: a ticket of `events/ticket` opens it (tests/api/events.test.ts).
  const apiRoutes = () => underApi().filter((route) => !route.stream);

  it('the one /api route that is no call is the live-updates stream, a GET', () => {
    const streams = underApi().filter((route) => route.stream);
    expect(streams.map((route) => route.url)).toEqual(streams.map(() => EVENTS_PATH));
    expect(streams.map((route) => route.method).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT']);
    expect(underApi().filter((route) => route.call === null && !route.stream)).toEqual([]);
  });

  it('every /api route belongs to a call with an access level, and every call has its route', () => {
    expect(apiRoutes().length).toBeGreaterThan(0);
    for (const route of apiRoutes()) {
      expect(route.call, `${route.method} ${route.url}`).not.toBeNull();
      expect(callAccess[route.call!], route.url).toBeDefined();
      expect(route.url).toBe(`/api/${route.call}`);
    }
    const served = new Set(
      apiRoutes()
        .filter((route) => route.method === 'POST')
        .map((route) => route.call),
    );
    expect([...served].sort()).toEqual(Object.keys(callAccess).sort());
    expect(Object.keys(calls).sort()).toEqual(Object.keys(callAccess).sort());
  });

  it('answers each route for no token, a deactivated user, Sales, Manager and Admin as the access table says', async () => {
    const posts = apiRoutes().filter((route) => route.method === 'POST');
    for (const { call: name } of posts as { call: CallName }[]) {
      const access = callAccess[name];
      const anonymous = await call(server, name, {});
      const inactive = await call(server, name, {}, deactivated);
      for (const [who, answer] of [
        ['no token', anonymous],
        ['deactivated', inactive],
      ] as const) {
        if (access.kind === 'public') expect([200, 401, 422], `${who} on ${name}`).toContain(answer.status);
        else {
          expect(answer.status, `${who} on ${name}`).toBe(203);
          expect(answer.body).toEqual(sessionRefused);
        }
      }
      for (const role of Object.keys(roleUsers) as Role[]) {
        // Logging out ends the session it is made with, so each role spends one of its own.
        const token = name === 'auth/logout' ? await createSession(server.db, ids[role], 1) : tokens[role];
        const answer = await call(server, name, {}, token);
        if (mayAccess(roleUsers[role], access)) {
          expect([200, 404, 422], `${role} on ${name}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
        } else {
          expect(answer.status, `${role} on ${name}`).toBe(403);
          expect(answer.body).toEqual(forbidden);
        }
      }
    }
  });
});
