import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Every chunk file is one more request before a screen can draw, and the browser asks a host for
// six at a time: left alone, Rolldown cuts the start-up code into a dozen files and the models
// screen into fifteen more. The groups keep route-level splitting (a screen's own code still loads
// with it) while merging what loads together anyway, chosen by folder, never by file name: what
// the entry needs at start (the signed-in frame and the dashboard among it, see their routes), and
// the libraries, shared components, helpers, domain and contract the screens have in common.
// The chart library and what only it uses load with the Pricing History chart only, not with every
// screen (the dashboard's sparkline is plain SVG, so the first screen loads none of it).
const CHART_LIBRARIES =
  /node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+|internmap|decimal\.js-light|es-toolkit|eventemitter3|immer|react-redux|@reduxjs[\\/]toolkit|reselect|redux|redux-thunk|tiny-invariant|clsx)[\\/]/;
// The QR code library loads when the models list first prints (src/features/price-list/print-stamp.ts), with no screen.
const QR_LIBRARIES = /node_modules[\\/](qrcode|dijkstrajs)[\\/]/;
// The WebAuthn library loads when a passkey is added or used (src/lib/passkey-ceremony.ts), never with the login screen.
const WEBAUTHN_LIBRARIES = /node_modules[\\/]@simplewebauthn[\\/]/;
// The saved price sheet's storage loads when it is first touched (docs/design.md §8.6), never with the first screen.
const SAVED_SHEET_LIBRARIES = /node_modules[\\/]idb-keyval[\\/]/;
const chunkGroups = [
  { name: 'app', tags: ['$initial' as const], priority: 3 },
  { name: 'charts', test: CHART_LIBRARIES, priority: 2 },
  { name: 'qrcode', test: QR_LIBRARIES, priority: 2 },
  { name: 'webauthn', test: WEBAUTHN_LIBRARIES, priority: 2 },
  { name: 'saved-sheet', test: SAVED_SHEET_LIBRARIES, priority: 2 },
  { name: 'screen-kit', test: /node_modules|src[\\/](components|lib|domain|contract)[\\/]/, priority: 1 },
];

/**
 * `npm run dev:mock` registers MSW's service worker from /mockServiceWorker.js. Only the dev
 * server answers it, from the installed msw package (so it always matches msw's version): no
 * build ships a worker that could answer the app's calls in place of the server (docs/design.md §7.6).
 */
function mockServiceWorker(): Plugin {
  const script = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  return {
    name: 'mock-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response, next) => {
        readFile(script).then((code) => {
          response.setHeader('Content-Type', 'text/javascript');
          response.end(code);
        }, next);
      });
    },
  };
}

/** Built files smaller than this gain little from compression (and @fastify/static sends those as they are). */
const LEAST_COMPRESSED_BYTES = 1_024;

/**
 * Each built script and style sheet written again beside itself, compressed with brotli (`.br`)
 * and gzip (`.gz`), once at build time, at their best levels; the server sends whichever the
 * browser accepts (server/http/spa.ts, @fastify/static's preCompressed). Sent as built, the first
 * screen's scripts were about 480 KB on the wire against 150 KiB gzipped: three times the
 * download on a phone's connection.
 */
function precompressed(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'precompressed',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(dir!, name);
          const bytes = await readFile(path);
          if (bytes.length < LEAST_COMPRESSED_BYTES) return;
          await writeFile(
            `${path}.br`,
            await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          );
          await writeFile(`${path}.gz`, await gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }));
        }),
      );
    },
  };
}

/**
 * The installable app (docs/design.md §8.6): the manifest and a Workbox service worker that keeps
 * the build's own files, so the app starts without a network. It answers navigations with
 * index.html, except the server's own pages (the API, stored images, the public quote and stamp
 * pages /q/ and /v/, health checks, and any address of a file), and has no runtime caching: no answer
 * of the API is ever stored. 'prompt': a new build waits until the user chooses to reload
 * (src/lib/app-update.ts), so no form is lost to a reload it did not ask for. Registered by the app
 * after its first screen (src/app/register-service-worker.ts), never by a script in index.html.
 */
const installableApp = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
    manifest: {
      name: 'AC Back-office',
      short_name: 'AC Office',
      description: 'The air-conditioner price list, stock and quotes.',
      start_url: '/models',
      scope: '/',
      display: 'standalone',
      theme_color: '#0e7490',
      background_color: '#f8fafc',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      navigateFallback: '/index.html',
      // Workbox tests the path and the query: a file's address (a dot in its last path part, as
      // /openapi.json or another page the server may serve) is never the app, a `?size=1.50` is.
      navigateFallbackDenylist: [
        /^\/api(\/|$)/,
        /^\/storage\//,
        /^\/q\//,
        /^\/v\//,
        /^\/(healthz|readyz|metrics)$/,
        /^(?:[^?]*\/)?[^/?]*\.[^/?]*(?:\?.*)?$/,
      ],
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      // Routes the browser takes without waking the worker: the API and images to the network, the
      // app's files from its cache (public/sw-static-routes.js).
      importScripts: ['sw-static-routes.js'],
    },
  });

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    mockServiceWorker(),
    installableApp(),
    precompressed(),
  ],
  build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } },
  server: {
    // `npm run dev` serves the app with hot reload and sends API and image calls to `npm run dev:server`.
    proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' },
  },
});
