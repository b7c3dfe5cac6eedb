import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { CurrentUser } from '#src/contract/auth.ts';
import { callPath, calls, type CallBody, type CallResponse, type CallSpec } from '#src/contract/calls.ts';
import { mayAccess } from '#src/domain/access.ts';
import { callAccess, type PublicCall } from '#src/domain/call-access.ts';
import type { CallName } from '#src/contract/calls.ts';
import { mustSetUpSecondFactor, openWithoutSecondFactor } from '#src/domain/two-factor.ts';
import { sessionForToken } from '#server/repositories/sessions.ts';
import type { Db, RowReader, Store } from '#server/db/connect.ts';
import { fieldErrors, HttpError, InputError } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { messages } from '#src/contract/messages.ts';
import { EVENTS_PATH } from '#src/contract/events.ts';
import { readMultipart } from './multipart.ts';

/** Its id, whether its user has two-factor on, and whether they have a second factor at all (two-factor or a passkey). */
export type CallSession = { id: number; twoFactor: boolean; secondFactor: boolean };

export type CallContext<N extends CallName> = {
  body: CallBody<N>;
  /** Null only on public calls. */
  user: N extends PublicCall ? null : CurrentUser;
  token: string | undefined;
  /** The caller's session (null only on public calls). */
  session: N extends PublicCall ? null : CallSession;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** Answers the call's 200 body, or the reply once it has sent a body serialised ahead (see paged-json.ts). */
export type CallHandler<N extends CallName> = (context: CallContext<N>) => Promise<CallResponse<N> | FastifyReply>;

export type Api = {
  app: FastifyInstance;
  db: Db;
  /** The same database with its row reader: what a paged read takes (server/repositories/read-page.ts). */
  store: Store;
  uploadMaxBytes: number;
  /** Registers one call of the contract; its access level comes from src/domain, never from here. */
  call<N extends CallName>(name: N, handler: CallHandler<N>): void;
  /**
   * Registers the one GET of the API, the live-updates stream (`GET /api/events`): an EventSource
   * sends no bearer header, so the handler checks a ticket of `events/ticket` (a call) instead.
   */
  eventStream(handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>): void;
  registered: ReadonlySet<CallName>;
  /** Every route of the server from the moment the api exists, as Fastify declared it. */
  routes: readonly ApiRoute[];
};

/** `call` null: not a call; `stream`: the live-updates stream, which a ticket opens. */
export type ApiRoute = { method: string; url: string; call: CallName | null; stream?: true };

/** Paths that reach the API: `/api` itself, anything below it, or a pattern whose first segment could be `api`. */
const mayReachApi = (url: string) => /^\/(api(\/|$)|[:*])/.test(url);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : undefined;
}

/** `readRows` runs the session check of every signed-in call (one round trip, see sessions.ts) and every paged read. */
export function createApi(app: FastifyInstance, db: Db, uploadMaxBytes: number, readRows: RowReader): Api {
  const store: Store = { db, readRows };
  const registered = new Set<CallName>();
  const byPath = new Map<string, CallName>();
  const routes: ApiRoute[] = [];
  let streamPath: string | undefined;

  // Deny by default: a route that reaches /api without going through call() has no access level,
  // so declaring it fails start-up, whoever declares it and in whichever plugin.
  app.addHook('onRoute', (route) => {
    const call = byPath.get(route.url) ?? null;
    const stream = route.url === streamPath;
    if (call === null && !stream && mayReachApi(route.url)) {
      throw new Error(`${String(route.method)} ${route.url} is not a call of the contract: register it with api.call()`);
    }
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, call, ...(stream && { stream: true as const }) });
  });

  function call<N extends CallName>(name: N, handler: CallHandler<N>) {
    const spec: CallSpec = calls[name];
    const access = callAccess[name];
    if (!spec || !access) throw new Error(`call ${name} has no contract or no access level`);
    registered.add(name);
    byPath.set(callPath(name), name);

    app.route({
      method: 'POST',
      url: callPath(name),
      // fast-json-stringify writes only the properties the contract names: nothing else can leak.
      // A CSV or PDF answer is a file the handler sends itself (csv-answer.ts, pdf-answer.ts), never serialised.
      schema:
        'csv' in spec || 'pdf' in spec ? {} : { response: { 200: z.toJSONSchema(spec.response, { target: 'draft-7', io: 'input' }) } },
      handler: async (request, reply) => {
        const token = bearerToken(request);
        let user: CurrentUser | null = null;
        let session: CallSession | null = null;
        if (access.kind !== 'public') {
          const check = token ? await sessionForToken(store, token) : null;
          if (!check) throw new HttpError(203, messages.sessionExpired);
          ({ user } = check);
          session = { id: check.sessionId, twoFactor: check.twoFactor, secondFactor: check.secondFactor };
          if (!mayAccess(user, access)) throw new HttpError(403, messages.forbidden);
          if (!openWithoutSecondFactor(name) && mustSetUpSecondFactor(check.requiredLevel, user, check.secondFactor)) {
            throw new HttpError(403, messages.secondFactorRequired);
          }
        }
        // A missing body is an empty one, so each required field gets its own message.
        const raw = ('multipart' in spec ? await readMultipart(request, spec.maxFileBytes ?? uploadMaxBytes) : request.body) ?? {};
        if (typeof raw !== 'object' || Array.isArray(raw)) throw new InputError({ body: [fieldMessages.bodyNotObject] });
        const parsed = spec.body.safeParse(raw);
        if (!parsed.success) throw new InputError(fieldErrors(parsed.error, 'errorKeys' in spec ? spec.errorKeys : {}));
        return handler({ body: parsed.data, user, token, session, request, reply } as CallContext<N>);
      },
    });
    app.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE'],
      url: callPath(name),
      handler: async (_request, reply) => reply.code(405).header('allow', 'POST').send(messages.methodNotAllowed),
    });
  }

  function eventStream(handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) {
    streamPath = EVENTS_PATH;
    app.route({ method: 'GET', url: EVENTS_PATH, exposeHeadRoute: false, handler });
    app.route({
      method: ['HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: EVENTS_PATH,
      handler: async (_request, reply) => reply.code(405).header('allow', 'GET').send(messages.methodNotAllowed),
    });
  }

  return { app, db, store, uploadMaxBytes, call, eventStream, registered, routes };
}

/** Start-up check: every call of the contract is served, so none can be forgotten. */
export function assertEveryCallRegistered(api: Api) {
  const missing = (Object.keys(calls) as CallName[]).filter((name) => !api.registered.has(name));
  if (missing.length > 0) throw new Error(`calls without a route: ${missing.join(', ')}`);
}
