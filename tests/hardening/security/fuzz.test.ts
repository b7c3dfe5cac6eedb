import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CallName } from '#src/contract/calls.ts';
import { createSession } from '#server/repositories/sessions.ts';
import { createUser, describeEachDatabase, seedCatalogue, signInEachRole, startServer, type TestServer } from '#tests/api/harness.ts';
import { snapshot } from './database-snapshot.ts';
import { calls } from '#src/contract/calls.ts';
import { fieldsOf, filterFieldsOf, hostileRequest, textWithControl, textWithDisguise, type HostileRequest } from './hostile.ts';

// Bounded for CI on 2 cores; SOAK=1 runs many more cases.
const RUNS = process.env.SOAK ? 400 : 25;
// Each sign-in that passes validation costs one scrypt, so login gets fewer cases.
const runsFor = (name: CallName) => (name === 'auth/login' ? Math.ceil(RUNS / 4) : RUNS);
// These can end the session they are sent with (a revoke that names its own id), so each of their
// signed-in cases gets a session of its own and the other cases keep theirs.
const endsItsSession = new Set<CallName>(['auth/logout', 'auth/sessions/revoke']);
const callNames = Object.keys(calls) as CallName[];

type Answered = { status: number; text: string };

/** A refusal a person can read: the write body, or the 422 body with messages under fields. */
function readable(text: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  const { responseMessage, message, errors } = body as { responseMessage?: unknown; message?: unknown; errors?: unknown };
  if (typeof responseMessage === 'string') return responseMessage.length > 0 && responseMessage.length < 300;
  return (
    typeof message === 'string' &&
    message.length > 0 &&
    typeof errors === 'object' &&
    errors !== null &&
    Object.values(errors).every(
      (list) => Array.isArray(list) && list.length > 0 && list.every((m) => typeof m === 'string' && m.length > 0 && m.length < 300),
    )
  );
}

describeEachDatabase('every call under hostile input', (kind) => {
  let server: TestServer;
  let admin: string;
  let adminId: number;
  let replacedAdmins = 0;

  beforeAll(async () => {
    server = await startServer(kind);
    ({
      admin,
      ids: { admin: adminId },
    } = await signInEachRole(server));
    await seedCatalogue(server, admin, 'Fuzz');
  });
  afterAll(() => server.close());

  /** A new session of the fuzz's admin, made in the database (no sign-in, so nothing a case did to the account's password matters). */
  const newAdminSession = () => createSession(server.db, adminId, 1);

  /**
   * The fuzz's admin session, before each test. A case may rightly edit this very account
   * (users/update-user with its id and version: a new role, password or status ends its sessions),
   * and every later test would then meet 'Your session has expired.' instead of its own answer; so
   * when the session has ended, a new admin takes over.
   */
  async function signedInAdmin(): Promise<string> {
    const probe = await send('auth/sessions', { contentType: 'application/json', body: '{}', describe: 'probe' }, admin);
    if (probe.status !== 203) return admin;
    replacedAdmins += 1;
    adminId = await createUser(server, 1, `fuzz-admin-${replacedAdmins}`);
    admin = await newAdminSession();
    return admin;
  }

  async function send(name: CallName, request: HostileRequest, token: string | undefined): Promise<Answered> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (request.contentType) headers['content-type'] = request.contentType;
    const response = await fetch(`${server.url}/api/${name}`, { method: 'POST', headers, body: request.body });
    return { status: response.status, text: await response.text() };
  }

  const statuses: Record<number, number> = {};
  afterAll(() => {
    // Printed so a run shows how much of each answer the cases reached.
    console.warn(`[${kind}] statuses over ${callNames.length} calls: ${JSON.stringify(statuses)}`);
  });

  it('serves a POST route for every call of the contract, and no other', () => {
    const served = server.routes.filter((route) => route.method === 'POST' && route.call).map((route) => route.call!);
    expect([...served].sort()).toEqual([...callNames].sort());
  });

  // One test a call: each within the test budget however many calls there are.
  it.each(callNames)('%s never answers 5xx, refuses readably and changes nothing it refuses', async (name) => {
    await signedInAdmin();
    let before = await snapshot(server.db);
    await fc.assert(
      // Mostly signed in as admin, so the cases get past the session check to the body.
      fc.asyncProperty(hostileRequest(name), fc.constantFrom(true, true, true, false), async (request, signedIn) => {
        let token = signedIn ? admin : undefined;
        if (signedIn && endsItsSession.has(name)) {
          token = await newAdminSession();
          before = await snapshot(server.db);
        }
        const answer = await send(name, request, token);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        const what = `${name} (${request.describe}, ${token ? 'admin' : 'no token'}): ${answer.status} ${answer.text.slice(0, 300)}`;
        expect(answer.status, what).toBeLessThan(500);
        if (answer.status >= 400) expect(readable(answer.text), what).toBe(true);
        const after = await snapshot(server.db);
        if (answer.status !== 200) expect(after, what).toBe(before);
        before = after;
      }),
      { numRuns: runsFor(name) },
    );
    // Nothing reached a prototype of this process, where the server runs too.
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  /** Every body field of every call, and every filter of every paged call. */
  function everyField() {
    const names = server.routes
      .filter((route) => route.method === 'POST' && route.call && route.call !== 'auth/logout')
      .map((route) => route.call!);
    return names.flatMap((name) => [
      ...fieldsOf(name)
        .filter((field) => field !== 'filters')
        .map((field) => ({ name, path: [field] })),
      ...filterFieldsOf(name).map((field) => ({ name, path: ['filters', field] })),
    ]);
  }

  /** Each field of each call, sent alone with each value: 422 under that field, and nothing written. */
  async function refusedUnderTheField(values: fc.Arbitrary<string>, describe: string) {
    const targets = everyField();
    expect(targets.length).toBeGreaterThan(60);
    await signedInAdmin();
    const before = await snapshot(server.db);
    for (const { name, path } of targets) {
      const errorKey = (calls[name] as { errorKeys?: Record<string, string> }).errorKeys?.[path.join('.')] ?? path.join('.');
      await fc.assert(
        fc.asyncProperty(values, async (value) => {
          const body = path.length === 1 ? { [path[0]!]: value } : { [path[0]!]: { [path[1]!]: value } };
          const answer = await send(name, { contentType: 'application/json', body: JSON.stringify(body), describe }, admin);
          const what = `${name} ${path.join('.')}=${JSON.stringify(value)}: ${answer.status} ${answer.text.slice(0, 300)}`;
          expect(answer.status, what).toBe(422);
          expect(JSON.parse(answer.text).errors[errorKey], what).toBeDefined();
        }),
        { numRuns: Math.ceil(RUNS / 5) },
      );
    }
    expect(await snapshot(server.db)).toBe(before);
  }

  it('refuses a control character in any field, under that field, and writes nothing', () =>
    refusedUnderTheField(textWithControl, 'control'));

  // docs/design.md §8.9: a stock note took U+202E and showed its order number backwards.
  it('refuses a bidirectional control or a zero-width character in any field, under that field, and writes nothing', () =>
    refusedUnderTheField(textWithDisguise, 'disguise'));
});
