import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { messages } from '#src/contract/messages.ts';

/**
 * Serves the built app; any other GET outside /api and /storage gets index.html so the
 * client-side router can draw the screen (deep links and reloads work).
 */
export async function installSpa(app: FastifyInstance, appDir: string) {
  const indexFile = join(appDir, 'index.html');
  const built = existsSync(indexFile);
  const assets = join(appDir, 'assets');
  // The service worker (with the script it imports) and the manifest keep their names from build to
  // build: asked again every time, so a new build is found at the next visit (docs/design.md §8.6).
  const unnamedByContent = new Set(['sw.js', 'sw-static-routes.js', 'manifest.webmanifest'].map((file) => join(appDir, file)));
  if (built) {
    await app.register(fastifyStatic, {
      root: appDir,
      wildcard: false,
      index: false,
      // The build writes each script and style sheet compressed beside itself (vite.config.ts,
      // precompressed): brotli or gzip as the browser accepts, the file as built otherwise.
      preCompressed: true,
      // Vite names every file under assets/ by its content, so a browser may keep it for good
      // instead of asking again at each navigation; the other files may change under their name.
      setHeaders: (reply, path) => {
        if (path.startsWith(`${assets}/`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (unnamedByContent.has(path)) reply.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // HEAD is answered as GET (Node leaves out the body), so link checkers and monitors see the page.
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      path.startsWith('/api/') ||
      path === '/api' ||
      path.startsWith('/storage/')
    ) {
      return reply.code(404).send(messages.notFound);
    }
    if (!built) return reply.code(503).type('text/plain').send('The app is not built yet: run `npm run build`.');
    return reply.type('text/html').header('cache-control', 'no-cache').send(readFileSync(indexFile));
  });
}
