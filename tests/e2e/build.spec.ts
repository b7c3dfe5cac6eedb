import { existsSync, readdirSync, statSync } from 'node:fs';
import { expect, test } from './support/fixtures.ts';

// docs/design.md §7.6: the production build ships no mock service worker. Only `npm run dev:mock`
// serves one (vite.config.ts); a worker in dist/ could answer the app's calls in place of the server.
test('the production build ships no mock service worker', async ({ request }) => {
  expect(existsSync('dist/mockServiceWorker.js')).toBe(false);
  expect(readdirSync('dist', { recursive: true }).filter((file) => String(file).includes('mockServiceWorker'))).toEqual([]);
  const answer = await request.get('/mockServiceWorker.js');
  expect(answer.headers()['content-type'] ?? '').not.toContain('javascript');
  expect(await answer.text()).not.toContain('Mock Service Worker');
});

// The build writes each script compressed beside itself (vite.config.ts, precompressed) and the
// server sends the copy the browser accepts (server/http/spa.ts).
test('the production build sends its first script compressed', async ({ request }) => {
  const page = await (await request.get('/')).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(page)![1]!;
  for (const suffix of ['.br', '.gz']) expect(existsSync(`dist${entry}${suffix}`), suffix).toBe(true);
  for (const [accepted, encoding] of [
    ['br', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const answer = await request.get(entry, { headers: { 'accept-encoding': accepted } });
    expect(answer.headers()['content-encoding'], accepted).toBe(encoding);
    expect(Number(answer.headers()['content-length']), accepted).toBeLessThan(statSync(`dist${entry}`).size / 2);
  }
});
