import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Every chunk file is one more request before a screen can draw, and the browser asks a host for
// six at a time: left alone, Rolldown cuts the start-up code into a dozen files and the models
// screen into fifteen more. The groups keep route-level splitting (a screen's own code still loads
// with it) while merging what loads together anyway, chosen by folder, never by file name: what
// the entry needs at start (the signed-in frame and the dashboard among it, see their routes), and
// the libraries, shared components, helpers, domain and contract the screens have in common.
const chunkGroups = [
  { name: 'app', tags: ['$initial' as const], priority: 3 },
  { name: 'screen-kit', test: /node_modules|src[\\/](components|lib|domain|contract)[\\/]/, priority: 1 },
];

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } },
  server: {
    // `npm run dev` serves the app with hot reload and sends API and image calls to `npm run dev:server`.
    proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' },
  },
});
