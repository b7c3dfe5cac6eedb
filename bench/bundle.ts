import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import type { RunningServer } from './server.ts';
import { signedInContext } from './browser.ts';

export type BundleFigures = { firstScreen: number; modelsRoute: number; baseline: number; stack: number };

/**
 * The scripts a page loads until it shows `drawn` and the network is quiet, gzipped (level 9) from
 * the files served. Waiting for the network alone counted too little on a busy machine: the
 * network can be quiet for half a second while the entry still evaluates, before the route's
 * chunks are even asked for.
 */
async function scriptBytes(page: Page, appDir: string, path: string, drawn: string): Promise<number> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await page.getByText(drawn).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  for (const script of scripts) bytes += gzipSync(readFileSync(`${appDir}${script}`), { level: 9 }).length;
  return bytes;
}

/**
 * JS for the first screen (the dashboard a signed-in user lands on), for the models route opened
 * directly, and for the baseline pages (the bare one, and the one with the stack's libraries); each
 * in a fresh context so nothing is cached.
 */
export async function measureBundles(
  browser: Browser,
  server: RunningServer,
  appDir: string,
  baselines: { bare: string; stack: string },
): Promise<BundleFigures> {
  const measure = async (path: string, drawn: string) => {
    const context = await signedInContext(browser, server);
    try {
      return await scriptBytes(await context.newPage(), appDir, path, drawn);
    } finally {
      await context.close();
    }
  };
  return {
    firstScreen: await measure('/', 'WELCOME'),
    modelsRoute: await measure('/models', 'Showing 1 to'),
    baseline: await measure(baselines.bare, 'WELCOME'),
    stack: await measure(baselines.stack, 'WELCOME'),
  };
}
