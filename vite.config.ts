import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
const chunkGroups = [
  { name: 'app', tags: ['$initial' as const], priority: 3 },
  { name: 'charts', test: CHART_LIBRARIES, priority: 2 },
  { name: 'qrcode', test: QR_LIBRARIES, priority: 2 },
  { name: 'webauthn', test: WEBAUTHN_LIBRARIES, priority: 2 },
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

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss(), mockServiceWorker()],
  build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } },
  server: {
    // `npm run dev` serves the app with hot reload and sends API and image calls to `npm run dev:server`.
    proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' },
  },
});
