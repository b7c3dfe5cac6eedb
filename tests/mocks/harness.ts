import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '#mocks/node.ts';
import { SEED_PASSWORD } from '#mocks/seed.ts';
import { resetStore } from '#mocks/store.ts';
import { tokenResponse } from '#src/contract/auth.ts';
import { ok } from '#tests/api/expected.ts';

export { ok };

/** Starts the mock API for the file, with a fresh store after each test; unmocked requests fail. */
export function startMockApi() {
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => resetStore());
  afterAll(() => server.close());
}

import type { Answer } from '#tests/api/harness.ts';

export type { Answer };

/** A POST like the app's: JSON, or FormData as is, with the bearer token when given. */
export function apiRequest(url: string, body?: unknown, token?: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }
  return new Request(url, { method: 'POST', body: payload, ...init, headers });
}

/** POSTs to the mock API at `http://localhost/api/<path>`. */
export async function postToMocks(path: string, body?: unknown, token?: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(apiRequest(`http://localhost/api/${path}`, body, token, init));
  const text = await response.text();
  // A CSV download (models/export) is its text; every other answer is JSON.
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
  return { status: response.status, body: text && json ? JSON.parse(text) : text || undefined, headers: response.headers };
}

export async function signIn(username: string, password = SEED_PASSWORD): Promise<string> {
  return tokenResponse.parse(ok('auth/login', await postToMocks('auth/login', { username, password }))).token;
}

/** The seeded admin, manager and sales user, signed in. */
export async function signInEachRole() {
  return { admin: await signIn('admin'), manager: await signIn('manager'), sales: await signIn('sales') };
}

// Smallest files of each kind, by their leading bytes.
export const images = {
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
  jpg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]),
  svg: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
};

export function form(fields: Record<string, string | number>, files: Record<string, File> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  for (const [key, file] of Object.entries(files)) data.append(key, file);
  return data;
}

export const file = (bytes: Uint8Array, name: string, type = '') => new File([bytes as BlobPart], name, { type });
