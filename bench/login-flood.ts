import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { floodSignIns, timed } from '#tests/hardening/security/login-flood.ts';
import type { RunningServer } from './server.ts';

export type FloodFigures = { signedInCallMs: number; staticFileMs: number; signInAfterMs: number };

/**
 * docs/design.md §7.6's flood, as the hardening test runs it: 200 sign-ins with random usernames hung
 * up after 50 ms; meanwhile a signed-in call and a static file; 3 s after it, a correct sign-in.
 */
export async function measureLoginFlood(server: RunningServer, appDir: string, user: string, password: string): Promise<FloodFigures> {
  const asset = readdirSync(join(appDir, 'assets')).find((file) => file.endsWith('.js'));
  const flood = await floodSignIns(server.url, 200, 50);
  const [signedIn, staticFile] = await Promise.all([
    timed(() =>
      fetch(`${server.url}/api/me`, { method: 'POST', headers: { authorization: `Bearer ${server.token}` } }).then((r) => r.text()),
    ),
    timed(() => fetch(`${server.url}/assets/${asset}`).then((r) => r.arrayBuffer())),
  ]);
  await flood.closed;
  await sleep(3_000);
  const signIn = await timed(async () => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user, password }),
    });
    if (!response.ok) throw new Error(`sign-in after the flood failed: ${response.status}`);
  });
  return { signedInCallMs: signedIn.ms, staticFileMs: staticFile.ms, signInAfterMs: signIn.ms };
}
