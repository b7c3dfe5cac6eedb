import { describe, inject } from 'vitest';
import { OWASP_COST, passwordsAt, type PasswordCost } from '#server/auth/passwords.ts';
import type { Config } from '#server/config.ts';
import type { DatabaseKind } from '#server/db/connect.ts';
import type { SessionUser } from '#src/domain/roles.ts';
import { insertUser } from '#server/repositories/users.ts';
import { databaseKinds, startServer as startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { UNAUDITED } from '#server/repositories/audit.ts';

export { databaseKinds, type TestServer } from '#tests/support/test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The project's scrypt cost (vitest.config.ts); OWASP's where a project gives none. */
    passwordCost?: PasswordCost;
  }
}

/** The scrypt cost of this project's servers and users: low for `npm test`, OWASP's for hardening. */
export const passwordCost = inject('passwordCost') ?? OWASP_COST;
/** How every hash made at that cost starts. */
export const hashPrefix = `scrypt$${passwordCost.N}$${passwordCost.r}$${passwordCost.p}$`;

/**
 * A server at this project's scrypt cost, on a copy of the run's migrated template when the
 * project made one (tests/support/migrated-templates.ts), else on a database it migrates itself.
 */
export function startServer(kind: DatabaseKind, overrides: Partial<Config> = {}, logger?: Parameters<typeof startTestServer>[2]) {
  return startTestServer(kind, { passwordCost, ...overrides }, logger, inject('templates')?.[kind]);
}

/** Runs a suite once per database this machine offers. */
export function describeEachDatabase(title: string, suite: (kind: DatabaseKind) => void) {
  for (const kind of databaseKinds) describe(`${title} [${kind}]`, () => suite(kind));
}

export type Answer<T = any> = { status: number; body: T; headers: Headers };

/** POSTs JSON (or FormData) the way the app does; `token` adds the bearer header. */
export async function call<T = any>(server: Pick<TestServer, 'url'>, path: string, body?: unknown, token?: string): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(`${server.url}/api/${path}`, { method: 'POST', headers, body: payload });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (an image, the app's HTML): the text is the body.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export const PASSWORD = 'password123';
let passwordHash: Promise<string> | undefined;

/** Inserts a user through the repository, no API call (one scrypt hash per file, at the servers' cost, shared by all). */
export async function createUser(
  server: Pick<TestServer, 'db'>,
  roleId: 1 | 2 | 3,
  username: string,
  isActive: 0 | 1 = 1,
  name = `Name of ${username}`,
): Promise<number> {
  passwordHash ??= passwordsAt(passwordCost).hash(PASSWORD);
  return insertUser(server.db, UNAUDITED, { name, username, passwordHash: await passwordHash, roleId, isActive });
}

export async function login(server: Pick<TestServer, 'url'>, username: string, password = PASSWORD): Promise<string> {
  const answer = await call<{ token: string }>(server, 'auth/login', { username, password });
  if (answer.status !== 200) throw new Error(`login as ${username} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

/** How the session sees each user `signInEachRole` makes, for checks against `src/domain`. */
export const roleUsers = {
  sales: { roleId: 3, isAdmin: 0 },
  manager: { roleId: 2, isAdmin: 0 },
  admin: { roleId: 1, isAdmin: 1 },
} as const satisfies Record<string, SessionUser>;
export type Role = keyof typeof roleUsers;

/** An admin, a manager and a sales user, signed in. */
export async function signInEachRole(server: Pick<TestServer, 'url' | 'db'>) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const ids = {
    admin: await createUser(server, 1, `admin-${suffix}`),
    manager: await createUser(server, 2, `manager-${suffix}`),
    sales: await createUser(server, 3, `sales-${suffix}`),
  };
  return {
    ids,
    usernames: { admin: `admin-${suffix}`, manager: `manager-${suffix}`, sales: `sales-${suffix}` },
    admin: await login(server, `admin-${suffix}`),
    manager: await login(server, `manager-${suffix}`),
    sales: await login(server, `sales-${suffix}`),
  };
}

const base64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

// 2×2 images of each accepted type, as the server stores them: re-encoding one gives the same
// bytes, so its stored path is the SHA-256 of what was sent.
export const images = {
  png: base64(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWMQqTghUnGCAUIBACJuBVHwJsa1AAAAAElFTkSuQmCC',
  ),
  jpg: base64(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAB//EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJgAgj5//9k=',
  ),
  gif: base64('R0lGODlhAgACAIEAAExpcUxpcRR4yAAAACH5BAUAAAAALAAAAAACAAIAAAIClFUAOw=='),
  webp: base64('UklGRjoAAABXRUJQVlA4IC4AAAAQAgCdASoCAAIAAUAmJaACdLoB+AH4AAPIAP7udn/+oLQ18vxov/U4MHPn4/wA'),
  svg: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  text: new TextEncoder().encode('just some text, named like a picture'),
};

export function form(fields: Record<string, string | number>, files: Record<string, { bytes: Uint8Array; name: string }> = {}) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  for (const [key, file] of Object.entries(files)) data.append(key, new Blob([file.bytes as BlobPart]), file.name);
  return data;
}

/** A brand, a series and a model through the API, for tests that need a small catalogue. */
export async function seedCatalogue(server: Pick<TestServer, 'url' | 'db'>, adminToken: string, prefix = 'Seed') {
  const brand = await call(
    server,
    'brands/add-brand',
    form({ brandName: `${prefix} Brand` }, { brandImage: { bytes: images.png, name: 'logo.png' } }),
    adminToken,
  );
  if (brand.status !== 200) throw new Error(`seed brand: ${JSON.stringify(brand.body)}`);
  const brandRow = await server.db.selectFrom('brands').select('id').where('name', '=', `${prefix} Brand`).executeTakeFirstOrThrow();
  await call(
    server,
    'series/add-series',
    form({ seriesName: `${prefix} Series`, seriesBrandId: brandRow.id }, { seriesImage: { bytes: images.jpg, name: 's.jpg' } }),
    adminToken,
  );
  const seriesRow = await server.db.selectFrom('series').select('id').where('name', '=', `${prefix} Series`).executeTakeFirstOrThrow();
  await call(
    server,
    'models/add-model',
    { modelName: `${prefix} Model`, modelCapacityKW: 3.5, modelPriceUsd: 50, modelSeriesId: seriesRow.id },
    adminToken,
  );
  const modelRow = await server.db.selectFrom('models').select('id').where('name', '=', `${prefix} Model`).executeTakeFirstOrThrow();
  return { brandId: brandRow.id, seriesId: seriesRow.id, modelId: modelRow.id };
}
