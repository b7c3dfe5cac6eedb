import { existsSync, readdirSync } from 'node:fs';
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
