import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpenConnection } from '#server/db/types.ts';
import { sessionForToken } from '#server/repositories/sessions.ts';
import { call, createUser, describeEachDatabase, PASSWORD, startServer, type TestServer } from './harness.ts';
import { invalid } from './expected.ts';

// docs/design.md §8.5: the signed-in user's own sessions, listed and ended by hand.

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

type Row = { id: number; createdAt: string; lastSeenAt: string; device: string; current: 0 | 1 };

describeEachDatabase('sessions', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(() => server.close());

  async function signInFrom(username: string, userAgent: string): Promise<string> {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    return ((await response.json()) as { token: string }).token;
  }
  const sessionsOf = async (token: string) => ((await call(server, 'auth/sessions', {}, token)).body as { sessions: Row[] }).sessions;
  const revokes = (username: string) =>
    server.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'auth.revoke')
      .where('entity_name', '=', `Name of ${username}`)
      .execute();

  it("lists one's own live sessions, newest first, with the device and which is the caller's", async () => {
    await createUser(server, 3, 'ses-list');
    await createUser(server, 3, 'ses-bystander');
    const desk = await signInFrom('ses-list', CHROME_WINDOWS);
    const laptop = await signInFrom('ses-list', FIREFOX_LINUX);
    await signInFrom('ses-bystander', CHROME_WINDOWS);
    const rows = await sessionsOf(desk);
    expect(rows.map(({ device, current }) => ({ device, current }))).toEqual([
      { device: 'Firefox on Linux', current: 0 },
      { device: 'Chrome on Windows', current: 1 },
    ]);
    expect(rows[0]!.lastSeenAt).toBe(rows[0]!.createdAt);
    expect((await sessionsOf(laptop)).map((row) => row.current)).toEqual([1, 0]);
  });

  it("ends one of one's own sessions, whose token answers 203 at once; another's id is unknown", async () => {
    await createUser(server, 3, 'ses-one');
    await createUser(server, 3, 'ses-other');
    const mine = await signInFrom('ses-one', CHROME_WINDOWS);
    const stolen = await signInFrom('ses-one', FIREFOX_LINUX);
    const theirs = await signInFrom('ses-other', CHROME_WINDOWS);
    const [theirSession] = await sessionsOf(theirs);
    const refused = await call(server, 'auth/sessions/revoke', { id: theirSession!.id }, mine);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual(invalid({ id: ['The selected session is invalid.'] }));
    expect((await call(server, 'me', {}, theirs)).status).toBe(200);

    const [stolenSession] = await sessionsOf(mine);
    const ended = await call(server, 'auth/sessions/revoke', { id: stolenSession!.id }, mine);
    expect(ended.body).toEqual({ responseMessage: 'The session has been signed out.', responseFlag: 'success' });
    expect((await call(server, 'me', {}, stolen)).status).toBe(203);
    expect((await call(server, 'me', {}, mine)).status).toBe(200);
    expect(await revokes('ses-one')).toHaveLength(1);
  });

  it('ends every other session at once, with one entry', async () => {
    await createUser(server, 3, 'ses-all');
    const kept = await signInFrom('ses-all', CHROME_WINDOWS);
    const others = [await signInFrom('ses-all', FIREFOX_LINUX), await signInFrom('ses-all', FIREFOX_LINUX)];
    expect((await call(server, 'auth/sessions/revoke-others', {}, kept)).status).toBe(200);
    for (const token of others) expect((await call(server, 'me', {}, token)).status).toBe(203);
    expect((await sessionsOf(kept)).map((row) => row.current)).toEqual([1]);
    expect(await revokes('ses-all')).toHaveLength(1);
  });

  it('raises last seen once a minute, not on every call', async () => {
    await createUser(server, 3, 'ses-seen');
    const token = await signInFrom('ses-seen', CHROME_WINDOWS);
    // The server's connection is opened with its row reader: the session check's Store.
    const store = server.connection as OpenConnection;
    const [before] = await sessionsOf(token);
    const at = (ms: number) => new Date(Date.parse(before!.createdAt) + ms);
    await sessionForToken(store, token, at(30_000));
    expect((await sessionsOf(token))[0]!.lastSeenAt).toBe(before!.lastSeenAt);
    await sessionForToken(store, token, at(61_000));
    expect((await sessionsOf(token))[0]!.lastSeenAt).toBe(at(61_000).toISOString());
  });
});
