import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { calls, type CallName } from '#src/contract/calls.ts';
import { openWithoutSecondFactor } from '#src/domain/two-factor.ts';
import { callAccess } from '#src/domain/call-access.ts';
import { call, describeEachDatabase, signInEachRole, startServer, type TestServer } from './harness.ts';
import { expectSecurityHeaders } from './expected.ts';

type Schema = {
  type?: string;
  $ref?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema;
  items?: Schema;
  anyOf?: Schema[];
};
type Operation = {
  description: string;
  security: Record<string, string[]>[];
  requestBody: { required: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content: { 'application/json': { schema: Schema } } }>;
};
type Document = {
  openapi: string;
  paths: Record<string, { post: Operation }>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, { type: string; scheme: string }> };
};

const names = Object.keys(calls) as CallName[];
const readsById: CallName[] = ['models/get-model', 'series/get-series', 'brands/get-brand', 'users/get-user'];
const multipart: CallName[] = [
  'series/add-series',
  'series/update-series',
  'brands/add-brand',
  'brands/update-brand',
  'models/import-preview',
  'models/import',
];

describeEachDatabase('GET /openapi.json', (kind) => {
  let server: TestServer;
  let response: Response;
  let document: Document;

  beforeAll(async () => {
    server = await startServer(kind);
    // No token, no cookie: the reference is public.
    response = await fetch(`${server.url}/openapi.json`);
    document = (await response.json()) as Document;
  });
  afterAll(() => server.close());

  const operation = (name: CallName) => document.paths[`/api/${name}`]!.post;
  const resolve = (schema: Schema) =>
    schema.$ref ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]! : schema;

  it('answers an OpenAPI 3.1 document as JSON, without a token, with the security headers', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expectSecurityHeaders(response.headers, '/openapi.json');
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
  });

  it('holds every call of the contract as POST /api/<name>, and the live-updates stream as GET /api/events, nothing else', () => {
    expect(Object.keys(document.paths).sort()).toEqual([...names.map((name) => `/api/${name}`), '/api/events'].sort());
    for (const name of names) expect(Object.keys(document.paths[`/api/${name}`]!), name).toEqual(['post']);
    const events = (document.paths['/api/events'] as unknown as Record<string, { responses: Record<string, unknown> }>).get!;
    expect(Object.keys(events.responses).sort()).toEqual(['200', '401', '405', '422', '503']);
  });

  it("lists each call's statuses", () => {
    for (const name of names) {
      const access = callAccess[name];
      const expected = ['200', '400', '405', '413', '419', '422', '500'];
      if (access.kind !== 'public') expected.push('203');
      // models, models/export and a stamp of it are open to every role, but 403 for a filter or sort the role may not use.
      const gated = access.kind !== 'public' && access.kind !== 'signed-in';
      if (gated || name === 'models' || name === 'models/export' || name === 'stamps/create') expected.push('403');
      if (readsById.includes(name) || (name.startsWith('quotes/') && name !== 'quotes/create')) expected.push('404');
      // Sales may win or revise, but not take stock out or keep the old rate.
      if (name === 'quotes/win' || name === 'quotes/revise') expected.push('403');
      // The two-factor policy (docs/design.md §8.5) stops every signed-in call but those that set it up.
      if (access.kind !== 'public' && !openWithoutSecondFactor(name)) expected.push('403');
      if (name === 'auth/login' || name === 'auth/login-2fa' || name === 'auth/passkeys/login') expected.push('401', '429');
      expect(Object.keys(operation(name).responses).sort(), name).toEqual([...new Set(expected)].sort());
    }
  });

  it('describes every body and 200 answer as an object with the fields of the contract', () => {
    for (const name of names) {
      const { body, response: answer } = calls[name];
      const content = operation(name).requestBody.content;
      const mediaType = multipart.includes(name) ? 'multipart/form-data' : 'application/json';
      expect(Object.keys(content), name).toEqual([mediaType]);
      const request = content[mediaType]!.schema;
      expect(request.type, name).toBe('object');
      expect(Object.keys(request.properties ?? {}), name).toEqual(Object.keys((body as z.ZodMiniObject).shape));
      if (name === 'models/export' || name === 'quotes/pdf') continue;
      const ok = operation(name).responses['200']!.content['application/json'].schema;
      // A sign-in answers its token or, with two-factor on, the ticket of its second step.
      if (name === 'auth/login') {
        expect(ok.anyOf?.map((branch) => Object.keys(branch.properties ?? {}))).toEqual([['token'], ['mfaRequired', 'mfaTicket']]);
        continue;
      }
      // A bulk edit answers its preview or, applied, the write's message (docs/design.md §8.4).
      if (name === 'models/bulk-update') {
        expect(ok.anyOf?.map((branch) => Object.keys(branch.properties ?? {}))).toEqual([['preview'], ['responseMessage', 'responseFlag']]);
        continue;
      }
      expect(ok.type, name).toBe('object');
      expect(Object.keys(ok.properties ?? {}), name).toEqual(Object.keys((answer as z.ZodMiniObject).shape));
    }
  });

  it('describes the export as a CSV download with its file name', () => {
    const ok = operation('models/export').responses['200']! as unknown as {
      headers: Record<string, unknown>;
      content: Record<string, unknown>;
    };
    expect(Object.keys(ok.content)).toEqual(['text/csv; charset=utf-8']);
    expect(Object.keys(ok.headers)).toEqual(['Content-Disposition']);
  });

  it('describes the quote PDF as a download', () => {
    const ok = operation('quotes/pdf').responses['200']! as unknown as {
      headers: Record<string, unknown>;
      content: Record<string, unknown>;
    };
    expect(Object.keys(ok.content)).toEqual(['application/pdf']);
    expect(Object.keys(ok.headers)).toEqual(['Content-Disposition']);
  });

  it("shows a paged call's filters and an upload as a file", () => {
    const filters = operation('models').requestBody.content['application/json']!.schema.properties!.filters!;
    expect(Object.keys(filters.properties ?? {})).toEqual(['search', 'brandId', 'seriesId', 'status', 'lowStock', 'size']);
    const image = operation('brands/add-brand').requestBody.content['multipart/form-data']!.schema.properties!.brandImage!;
    expect(image).toMatchObject({ type: 'string', contentMediaType: 'application/octet-stream' });
  });

  it("gives a write call's 422 the {message, errors} shape the server answers", async () => {
    const schema = resolve(operation('models/add-stock').responses['422']!.content['application/json'].schema);
    expect(schema.properties?.message?.type).toBe('string');
    expect(schema.properties?.errors).toMatchObject({ type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } });

    const { manager } = await signInEachRole(server);
    const refused = await call(server, 'models/add-stock', { id: 1, modelQuantity: 0 }, manager);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body as object).sort()).toEqual(Object.keys(schema.properties!).sort());
  });

  it("declares the bearer scheme, and each call's access level in its description", () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const name of ['auth/login', 'auth/login-2fa'] as const) expect(operation(name).security).toEqual([]);
    for (const name of names.filter((n) => callAccess[n].kind !== 'public'))
      expect(operation(name).security, name).toEqual([{ bearer: [] }]);
    expect(operation('auth/login').description).toMatch(/anyone/);
    expect(operation('models').description).toMatch(/any signed-in/);
    expect(operation('models/add-stock').description).toMatch(/level 2/);
    expect(operation('models/add-model').description).toMatch(/level 1/);
    expect(operation('variables/update-exch').description).toMatch(/roleId ≤ 2/);
    expect(operation('users/add-user').description).toMatch(/administrators only/);
  });
});
