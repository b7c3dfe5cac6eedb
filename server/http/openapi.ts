import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { callPath, calls, type CallName, type CallSpec } from '#src/contract/calls.ts';
import { emptyRequest, validationErrorResponse, writeResponse } from '#src/contract/common.ts';
import { EVENTS_PATH } from '#src/contract/events.ts';
import type { Access } from '#src/domain/access.ts';
import { callAccess, signInCalls, type PublicCall } from '#src/domain/call-access.ts';
import { openWithoutSecondFactor } from '#src/domain/two-factor.ts';

// The API reference, made from the contract and the access table at start: a call, a field or a
// level changes here when it changes in src/contract or src/domain, so the document cannot drift.

type JsonSchema = Record<string, unknown>;
type ZodInternals = { _zod: { def: { type: string; in?: ZodInternals; out?: ZodInternals } } };

const schemaOptions = {
  target: 'draft-2020-12',
  // What a client sends and what the server writes: the schemas' input side, as register-call.ts serialises.
  io: 'input',
  // The one custom type of the contract is an uploaded image; the override below describes it.
  unrepresentable: 'any',
  override: ({ zodSchema, jsonSchema }) => {
    const def = (zodSchema as unknown as ZodInternals)._zod.def;
    if (def.type === 'custom') Object.assign(jsonSchema, { type: 'string', contentMediaType: 'application/octet-stream' });
    // `filters` arrive as any object and are then checked as the call's filters: show the filters.
    if (def.type === 'pipe' && def.in?._zod.def.type === 'record' && def.out?._zod.def.type === 'object') {
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, toSchema(def.out as unknown as z.core.$ZodType));
    }
  },
} satisfies Parameters<typeof z.toJSONSchema>[1];

function toSchema(schema: z.core.$ZodType): JsonSchema {
  const json: JsonSchema = z.toJSONSchema(schema, schemaOptions);
  // The document names its dialect once (OpenAPI 3.1's default, JSON Schema 2020-12).
  delete json.$schema;
  return json;
}

const serverError = z.object({ ...writeResponse.shape, requestId: z.string() });
const components = {
  schemas: {
    WriteResponse: toSchema(writeResponse),
    ValidationError: toSchema(validationErrorResponse),
    ServerError: toSchema(serverError),
  },
  securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token `auth/login` answers.' } },
};
const ref = (name: keyof typeof components.schemas) => ({ $ref: `#/components/schemas/${name}` });
const answer = (description: string, schema: JsonSchema, headers?: JsonSchema) => ({
  description,
  ...(headers && { headers }),
  content: { 'application/json': { schema } },
});

function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'Access: anyone, no token.';
    case 'signed-in':
      return 'Access: any signed-in active user.';
    case 'level':
      return `Access: level ${access.level} (isAdmin = 1 or roleId ≤ ${access.level}).`;
    case 'role':
      return `Access: roleId ≤ ${access.atMost}; the admin flag alone does not count.`;
    case 'admin':
      return 'Access: administrators only (isAdmin = 1).';
  }
}

/** A get-* call of one record by id answers 404 when there is none. */
function readsOneRecord(name: CallName, spec: CallSpec): boolean {
  return name.includes('/get-') && spec.body instanceof z.core.$ZodObject && Object.keys(spec.body._zod.def.shape).join() === 'id';
}

/** Every quote call but the list and create names one quote, found among those the user may see. */
const actsOnOneQuote = (name: CallName) => name.startsWith('quotes/') && name !== 'quotes/create';

// Open to every signed-in user, but a filter or sort by a column the role does not see is 403 (src/domain/model-sort.ts);
// a stamp records the export of the same filters and sort.
const askedByRole: ReadonlySet<CallName> = new Set(['models', 'models/export', 'stamps/create']);

const csvAnswer = {
  description: 'The sheet as CSV (RFC 4180: CRLF, quotes doubled), UTF-8 with a byte order mark.',
  headers: {
    'Content-Disposition': { description: '`attachment; filename="models-YYYY-MM-DD.csv"`', schema: { type: 'string' } },
  },
  content: { 'text/csv; charset=utf-8': { schema: { type: 'string' } } },
};

const pdfAnswer = {
  description: 'The document as a PDF (A4), to download.',
  headers: {
    'Content-Disposition': { description: '`attachment; filename="Q-2026-0042-R2.pdf"`: the quote\'s label', schema: { type: 'string' } },
  },
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

function responses(name: CallName, spec: CallSpec, access: Access) {
  const message = ref('WriteResponse');
  // Every reason this call may answer 403, in one description (an answer has one entry a status).
  const forbidden = [
    (access.kind === 'level' || access.kind === 'role' || access.kind === 'admin') && "Signed in below this call's level.",
    askedByRole.has(name) && 'A filter or sort by a column this role does not see.',
    name === 'quotes/win' && '`stockOut: 1` asked below level 2 (Sales).',
    name === 'quotes/revise' && '`keepRate: 1` asked below level 2 (Sales).',
    access.kind !== 'public' &&
      !openWithoutSecondFactor(name) &&
      "Two-factor sign-in is required of the user's role (the `twoFactorRequiredLevel` setting) and not set up: " +
        "'Please set up two-factor sign-in to continue.' with `twoFactorSetupRequired: 1`.",
  ].filter((reason): reason is string => typeof reason === 'string');
  return {
    200: spec.csv
      ? csvAnswer
      : spec.pdf
        ? pdfAnswer
        : answer(
            spec.response === writeResponse ? 'Done: the message to show, styled by its flag.' : 'The answer.',
            toSchema(spec.response),
          ),
    ...(access.kind !== 'public' && {
      203: answer('No session, or it has ended (expired, revoked, user inactive): sign in again.', message),
    }),
    400: answer('The body is not valid JSON or multipart form data.', message),
    ...(name === 'auth/login' && { 401: answer('Wrong username or password, or an inactive user.', message) }),
    ...(name === 'auth/login-2fa' && { 401: answer('A wrong code, or a ticket that has expired or was used.', message) }),
    ...(name === 'auth/passkeys/login' && {
      401: answer('The passkey was not accepted: unknown, for another site, unverified, or its challenge expired or used.', message),
    }),
    ...(forbidden.length > 0 && { 403: answer(forbidden.join(' Or: '), message) }),
    ...(readsOneRecord(name, spec) && { 404: answer('No record has this id.', message) }),
    ...(actsOnOneQuote(name) && {
      404: answer("No quote has this id, or it is another salesperson's (Sales see their own only).", message),
    }),
    405: answer('The path was asked with another method than POST (`Allow: POST`).', message),
    413: answer('The body is larger than 1 MiB.', message),
    419: answer('The `XSRF-TOKEN` cookie was sent without the same value in `X-XSRF-TOKEN`.', message),
    422: answer('The input was refused: each field with its messages, `message` being the first.', ref('ValidationError')),
    ...(signInCalls.includes(name as PublicCall) && {
      429: answer('Too many failed sign-ins for this username and address.', message, {
        'Retry-After': { description: 'Seconds until the next attempt is accepted.', schema: { type: 'integer' } },
      }),
    }),
    500: answer('Anything unexpected: the request id finds the details in the log.', ref('ServerError')),
  };
}

function operation(name: CallName) {
  const spec: CallSpec = calls[name];
  const access = callAccess[name];
  return {
    operationId: name,
    tags: [name.split('/')[0]],
    description: describeAccess(access),
    security: access.kind === 'public' ? [] : [{ bearer: [] }],
    requestBody: {
      required: spec.body !== emptyRequest,
      content: { [spec.multipart ? 'multipart/form-data' : 'application/json']: { schema: toSchema(spec.body) } },
    },
    responses: responses(name, spec, access),
  };
}

/** The one GET of the API (docs/design.md §8.3): an EventSource's stream, opened by a ticket rather than the bearer token. */
const eventsOperation = {
  operationId: 'events',
  tags: ['events'],
  description:
    "Access: a ticket of `events/ticket` (single use, 60 s, bound to its session). A text/event-stream: each event is `id: <audit entry id>`, `event: <variables|models|catalogue|users|quotes>`, `data: <JSON>`, one per write, as the reader's role may see it; `session` (no id) before the stream closes when the session ends, `reset` (no id) when more than 500 events were missed; a comment line after 25 s of silence.",
  security: [],
  parameters: [
    { name: 'ticket', in: 'query', required: true, schema: { type: 'string' } },
    {
      name: 'Last-Event-ID',
      in: 'header',
      required: false,
      description: "The last event received: every event after it is sent first (else the ticket's `lastEventId`).",
      schema: { type: 'integer', minimum: 0 },
    },
  ],
  responses: {
    200: { description: 'The stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
    401: answer('The ticket is unknown, used, expired, or its session has ended.', ref('WriteResponse')),
    405: answer('The path was asked with another method than GET (`Allow: GET`).', ref('WriteResponse')),
    422: answer('`Last-Event-ID` is not a whole number ≥ 0 (under `lastEventId`).', ref('ValidationError')),
    503: answer('This server holds EVENTS_MAX_CLIENTS streams already: try another (the ticket is still good).', ref('WriteResponse')),
  },
};

export function openApiDocument() {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  const names = Object.keys(calls) as CallName[];
  return {
    openapi: '3.1.1',
    info: {
      title: 'AC Back-office API',
      version,
      description:
        'Every call is a POST under /api with a JSON body, or multipart/form-data where marked, but the live-updates stream (GET /api/events); docs/design.md §3 and §4 explain the levels and statuses.',
    },
    paths: {
      ...Object.fromEntries(names.map((name) => [callPath(name), { post: operation(name) }])),
      [EVENTS_PATH]: { get: eventsOperation },
    },
    components,
  };
}

/** `GET /openapi.json`: built once, before the first request; public, like the app's own files. */
export function installOpenApi(app: FastifyInstance) {
  const body = JSON.stringify(openApiDocument());
  app.get('/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
}
