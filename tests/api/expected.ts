import { expect } from 'vitest';
import type { z } from 'zod/mini';
import { calls } from '#src/contract/calls.ts';
import type { CallName } from '#src/contract/calls.ts';
import type { Answer } from './harness.ts';

// What the tests expect of answers, written once (texts as docs/product.md and docs/design.md give them).

export type Reply<N extends CallName> = z.output<(typeof calls)[N]['response']>;

/** A 200 answer, parsed with the contract's response schema. */
export function ok<N extends CallName>(name: N, answer: Answer): Reply<N> {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return calls[name].response.parse(answer.body) as Reply<N>;
}

/** A 422 body: the first message of the first field, and every field's messages. */
export const invalid = (errors: Record<string, string[]>) => ({ message: Object.values(errors)[0]![0], errors });

export const forbidden = { responseMessage: "You didn't have permission to perform this action.", responseFlag: 'danger' };

/** The headers every answer carries, whatever made it: the API, an error, the app, a file or an image. */
export function expectSecurityHeaders(headers: Headers, what: string) {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
  expect(directives.get('frame-ancestors'), `${what}: ${csp}`).toEqual(["'none'"]);
  expect(directives.get('base-uri'), `${what}: ${csp}`).toEqual(["'none'"]);
  // Scripts come from the app's own files or nowhere: no inline script, no eval.
  const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
  expect(
    scripts.every((source) => source === "'self'" || source === "'none'"),
    `${what}: ${csp}`,
  ).toBe(true);
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('no-referrer');
}
