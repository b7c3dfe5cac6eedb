import { bypass } from 'msw';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { resetStore } from '#mocks/store.ts';
import { createUser, startServer } from '#tests/api/harness.ts';
import type { TestServer } from '#tests/api/harness.ts';
import { apiRequest } from './harness.ts';
import { steps } from './parity-steps.ts';
import type { Role } from './parity-steps.ts';

// The mocks are only worth having while they answer as the server does: this plays one script
// against a real server (SQLite) and against the mocks, and compares status and body.

const MOCK = 'http://localhost';
const roles: Role[] = ['admin', 'manager', 'sales'];
let real: TestServer;

beforeAll(async () => {
  real = await startServer('sqlite');
  for (const [i, role] of roles.entries()) await createUser(real, (i + 1) as 1 | 2 | 3, role);
  // The same three users as tests/api's createUser makes, and the migration's variables.
  resetStore({
    users: roles.map((role, i) => ({
      id: i + 1,
      name: `Name of ${role}`,
      username: role,
      password: 'password123',
      roleId: i + 1,
      isActive: 1,
    })),
    variables: { tr: '3.517', exch: '280', fare: '0.05', duties: '0.20', profit: '0.15' },
  });
  server.listen({ onUnhandledFrame: 'error' });
}, 60_000);

afterAll(async () => {
  server.close();
  resetStore();
  await real.close();
});

/** POSTs like tests/api's `call`, or a raw request; the real server's requests go past msw. */
async function send(base: string, path: string, body: unknown, token: string | undefined, raw?: RequestInit) {
  const request = apiRequest(`${base}/api/${path}`, body, token, raw);
  const response = await fetch(base === MOCK ? request : bypass(request));
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: compare the text.
  }
  return { status: response.status, allow: response.headers.get('allow'), body: parsed };
}

// Values that differ by design: tokens, image paths (/storage/… vs data: URLs, in records and in
// audit entries alike), times, request ids, share links (PUBLIC_URL and a token), and a stamp's
// random ref with the line and link that hold it, its entry's name included.
const varying = new Set([
  'token',
  'created_at',
  'createdAt',
  'requestId',
  'sentAt',
  'decidedAt',
  'setAt',
  'shareUrl',
  'since',
  'ref',
  'line',
  'url',
  'stampRef',
]);

function comparable(answer: Awaited<ReturnType<typeof send>>): string {
  return JSON.stringify(answer, function (this: { entityType?: unknown }, key, value: unknown) {
    if (varying.has(key)) return typeof value;
    // A stamp's audit entry is named by its ref.
    if (key === 'entityName' && this.entityType === 'stamp') return typeof value;
    if (typeof value === 'string' && /^(\/storage\/|data:image\/)/.test(value)) return 'image';
    return value;
  });
}

it('answers the script as the real server does', async () => {
  const tokens = { real: {} as Record<Role, string>, mock: {} as Record<Role, string> };
  for (const role of roles) {
    const login = { username: role, password: 'password123' };
    tokens.real[role] = ((await send(real.url, 'auth/login', login, undefined)).body as { token: string }).token;
    tokens.mock[role] = ((await send(MOCK, 'auth/login', login, undefined)).body as { token: string }).token;
  }

  const differences: string[] = [];
  for (const [path, body, as, raw] of steps) {
    const expected = comparable(await send(real.url, path, body, as ? tokens.real[as] : undefined, raw));
    const actual = comparable(await send(MOCK, path, body, as ? tokens.mock[as] : undefined, raw));
    const sent = body instanceof FormData ? [...body.keys()] : (raw?.body ?? body);
    if (expected !== actual) differences.push(`${path} ${JSON.stringify(sent)} as ${as}\n server: ${expected}\n mocks:  ${actual}`);
  }
  expect(differences.join('\n\n')).toBe('');
}, 120_000);
