import ky from 'ky';
import type { CallBody, CallName, CallReply, Calls } from '#src/contract/calls.ts';
import { firstScreenAnswers } from '#src/contract/first-screen-answers.ts';
import { reloadPage } from './reload.ts';
import { requireSecondFactor } from './second-factor-policy.ts';
import { endSession, getToken } from './session.ts';

function readCookie(name: string): string | undefined {
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : undefined;
}

/** Thrown for a 203: the session is gone and the page is already reloading. */
export class SessionExpired extends Error {}

/**
 * docs/design.md §7.7 narrows docs/product.md §7's "no time-out": a call with no answer in 30 s
 * counts as the server being unreachable, so a write says so instead of waiting for ever. ("All"
 * on 10,000 models answers in well under a second.)
 */
export const CALL_TIMEOUT_MS = 30_000;

// One client for every call: the bearer token, the anti-forgery pair, the time-out above and no
// retry (docs/product.md §7). A 203 ends the session wherever it happens (docs/product.md §4).
const client = ky.create({
  prefix: '/api',
  // The page's own origin, spelled out: calls stay same-origin and need no URL resolution by fetch.
  baseUrl: window.location.origin,
  timeout: CALL_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = getToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
        const xsrf = readCookie('XSRF-TOKEN');
        if (xsrf) request.headers.set('X-XSRF-TOKEN', xsrf);
      },
    ],
    afterResponse: [
      async ({ request, response }) => {
        if (response.status === 203) {
          // Only an answer about the session in force (or about none) ends it: a late answer to a
          // call sent with a token since signed out of must not end the next user's session.
          const token = getToken();
          if (!token || request.headers.get('Authorization') === `Bearer ${token}`) {
            endSession();
            // The plain login screen, as at logout: the next sign-in may be someone else's, so it
            // does not lead back to this screen.
            reloadPage('/login');
          }
          throw new SessionExpired('session expired');
        }
        // The two-factor policy's 403 leads to the Security screen wherever it happens (docs/design.md
        // §8.5); the call still fails as a 403, so the screen that made it shows the server's text.
        if (response.status === 403 && (await isSecondFactorRefusal(response))) requireSecondFactor();
      },
    ],
  },
});

async function isSecondFactorRefusal(response: Response): Promise<boolean> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return typeof body === 'object' && body !== null && 'twoFactorSetupRequired' in body && body.twoFactorSetupRequired === 1;
}

// The server writes every answer through the contract's response schema. The app checks an answer
// again where it decides something on it (the session, a redirect, a write's outcome); a page of
// list rows is only shown, and checking the 10,000 rows of "All" again took longer than drawing them.
const shownAsSent: ReadonlySet<CallName> = new Set(['models', 'models/model-logs', 'variables/history', 'series', 'brands', 'users']);

// A body as the app sends it: the shape the contract parses it into, with numbers also as the
// numeric text a form field holds (docs/design.md §4), and a multipart call's fields as FormData.
type AsSent<T> = T extends number ? number | string : T extends object ? { [K in keyof T]: AsSent<T[K]> } : T;
type MultipartCall = { [N in CallName]: Calls[N] extends { multipart: true } ? N : never }[CallName];
export type SentBody<N extends CallName> = N extends MultipartCall ? FormData : AsSent<CallBody<N>>;

/** One call of the contract; its answer is checked against the contract's response schema (list pages excepted, see above). */
export async function callApi<N extends CallName>(name: N, body?: SentBody<N>): Promise<CallReply<N>> {
  const options = body instanceof FormData ? { body } : body === undefined ? {} : { json: body };
  const data: unknown = await client.post(name, options).json();
  return (shownAsSent.has(name) ? data : (await answerSchema(name)).parse(data)) as CallReply<N>;
}

// The registry of every call holds every schema: it loads with the first call that is not the
// first screen's, whose answers are checked with their schemas at hand.
const registry = async () => (await import('#src/contract/calls.ts')).calls;

async function answerSchema(name: CallName) {
  if (name in firstScreenAnswers) return firstScreenAnswers[name as keyof typeof firstScreenAnswers];
  return (await registry())[name].response;
}

type FileCall = { [N in CallName]: Calls[N] extends { csv: true } | { pdf: true } ? N : never }[CallName];

/**
 * A call answered by a file (models/export's CSV, quotes/pdf) through the same client, token and
 * checks: the file and the name the server gave it.
 */
export async function downloadCall<N extends FileCall>(name: N, body: SentBody<N>): Promise<{ blob: Blob; fileName: string }> {
  const response = await client.post(name, { json: body });
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename="([^"]+)"/.exec(disposition)?.[1];
  const fileName = named ?? ('pdf' in (await registry())[name] ? 'document.pdf' : 'export.csv');
  return { blob: await response.blob(), fileName };
}
