import { http, HttpResponse } from 'msw';
import type { HttpHandler, JsonBodyType } from 'msw';
import type { CurrentUser } from '#src/contract/auth.ts';
import { callPath, calls } from '#src/contract/calls.ts';
import type { CallBody, CallResponse, CallSpec } from '#src/contract/calls.ts';
import { mayAccess } from '#src/domain/access.ts';
import { callAccess, type PublicCall } from '#src/domain/call-access.ts';
import type { Access } from '#src/domain/access.ts';
import type { CallName } from '#src/contract/calls.ts';
import { fieldErrors, HttpError, InputError, validationBody } from '#src/contract/errors.ts';
import { fieldMessages } from '#src/contract/field-messages.ts';
import { messages } from '#src/contract/messages.ts';
import { CSV_TYPE, exportDisposition } from '#src/domain/model-export.ts';
import type { PdfFile } from './quote-pdf.ts';
import { isForm, readForm, readParsedBody } from './read-body.ts';
import { mustSetUpSecondFactor, openWithoutSecondFactor } from '#src/domain/two-factor.ts';
import { bearerToken, sessionForToken } from './sessions.ts';
import { publishWrite } from './live.ts';
import { getStore } from './store.ts';
import type { MockStore } from './store-shape.ts';
import { xsrfMismatch } from './xsrf.ts';

/** As the server's CallSession: its id, two-factor on, and a second factor at all (two-factor or a passkey). */
export type MockCallSession = { id: number; twoFactor: boolean; secondFactor: boolean };

export type MockContext<N extends CallName> = {
  body: CallBody<N>;
  /** Null only on public calls. */
  user: N extends PublicCall ? null : CurrentUser;
  token: string | undefined;
  /** The caller's session (null only on public calls). */
  session: N extends PublicCall ? null : MockCallSession;
  store: MockStore;
};

/** Answers the 200 body, or throws InputError (422) / HttpError (any other status). */
export type MockHandler<N extends CallName> = (context: MockContext<N>) => CallResponse<N>;

export type MockCall = { name: CallName; handlers: HttpHandler[] };

/**
 * One call of the contract over the mock store, answered in the server's order
 * (server/http/register-call.ts and the hooks before it): 419, 400/415 for a body no parser
 * takes, 203 without a live session, 403 below the call's level, 422 for a body the contract
 * refuses, then the handler. Access and schemas come from src/domain and src/contract.
 */
export function defineCall<N extends CallName>(name: N, handler: MockHandler<N>): MockCall {
  const spec: CallSpec = calls[name];
  const access: Access = callAccess[name];
  const url = `*${callPath(name)}`;

  const post = http.post(url, async ({ request, cookies }) => {
    try {
      if (xsrfMismatch(request, cookies)) throw new HttpError(419, messages.xsrfMismatch);
      // JSON and text are parsed before the route runs; a form is read by the route, after the checks.
      const form = isForm(request);
      const parsed = form ? undefined : await readParsedBody(request);
      const store = getStore();
      const token = bearerToken(request);
      let user: CurrentUser | null = null;
      let session: MockCallSession | null = null;
      if (access.kind !== 'public') {
        const check = token ? sessionForToken(store, token) : null;
        if (!check) throw new HttpError(203, messages.sessionExpired);
        ({ user } = check);
        const twoFactor = store.users.find((row) => row.id === check.user.id)?.twoFactor?.on === true;
        const secondFactor = twoFactor || store.passkeys.some((passkey) => passkey.userId === check.user.id);
        session = { id: check.session.id, twoFactor, secondFactor };
        if (!mayAccess(user, access)) throw new HttpError(403, messages.forbidden);
        if (!openWithoutSecondFactor(name) && mustSetUpSecondFactor(store.settings.twoFactorRequiredLevel, user, secondFactor)) {
          throw new HttpError(403, messages.secondFactorRequired);
        }
      }
      // A missing body is an empty one, so each required field gets its own message.
      // Only multipart calls read a form; on any other call it is no body at all.
      const raw = (form ? (spec.multipart ? await readForm(request, spec.maxFileBytes) : undefined) : parsed) ?? {};
      if (typeof raw !== 'object' || Array.isArray(raw)) throw new InputError({ body: [fieldMessages.bodyNotObject] });
      const body = spec.body.safeParse(raw);
      if (!body.success) throw new InputError(fieldErrors(body.error, spec.errorKeys));
      const written = store.auditLog.length;
      const answer = handler({ body: body.data, user, token, session, store } as MockContext<N>);
      // The entries of one call are one write, as a server transaction's (docs/design.md §8.3).
      publishWrite(store, store.auditLog.slice(written));
      // A sheet goes out as the server's download does (server/http/csv-answer.ts), in one piece.
      if (spec.csv) {
        return new HttpResponse(spec.response.parse(answer) as string, {
          headers: { 'content-type': CSV_TYPE, 'content-disposition': exportDisposition(new Date()) },
        });
      }
      // A document goes out as a download named by the file (quotes/pdf).
      if (spec.pdf) {
        const file = spec.response.parse(answer) as PdfFile;
        return new HttpResponse(file, {
          headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${file.fileName}"` },
        });
      }
      // Like the server's response serializer: only what the contract names goes out.
      return HttpResponse.json(spec.response.parse(answer) as JsonBodyType);
    } catch (error) {
      return errorResponse(error);
    }
  });

  const wrongMethod = (['get', 'put', 'patch', 'delete'] as const).map((method) =>
    http[method](url, () => HttpResponse.json(messages.methodNotAllowed, { status: 405, headers: { allow: 'POST' } })),
  );
  return { name, handlers: [post, ...wrongMethod] };
}

function errorResponse(error: unknown): Response {
  if (error instanceof InputError) return HttpResponse.json(validationBody(error.errors), { status: 422 });
  if (error instanceof HttpError) return HttpResponse.json(error.body, { status: error.status, headers: error.headers });
  // A bug in a mock: the developer sees it, the app sees what the server would send.
  console.error(error);
  return HttpResponse.json({ ...messages.serverError, requestId: crypto.randomUUID() }, { status: 500 });
}

/** Start-up check, like the server's: every call of the contract is mocked exactly once. */
export function assertEveryCallMocked(mocked: readonly MockCall[]): void {
  const names = mocked.map((call) => call.name);
  const missing = (Object.keys(calls) as CallName[]).filter((name) => !names.includes(name));
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (missing.length > 0) throw new Error(`calls without a mock: ${missing.join(', ')}`);
  if (twice.length > 0) throw new Error(`calls mocked twice: ${twice.join(', ')}`);
}
