import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  server: {
    // `npm run dev` serves the app with hot reload and sends API and image calls to `npm run dev:server`.
    proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' },
  },
});
