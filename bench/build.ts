import { build } from 'vite';
import react from '@vitejs/plugin-react';

// Both bundles come from the same Vite in the same run: the app with its own config, the
// baseline (a minimal React + TanStack Router page) with only the React plugin.

const root = new URL('..', import.meta.url).pathname;

/** The production build of the app, into outDir (never dist/: colleagues serve that one). */
export async function buildApp(outDir: string) {
  await build({ root, configFile: `${root}vite.config.ts`, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}

/** The minimal React + Router page, served under `base` from outDir. */
export async function buildBaselineApp(outDir: string, base: string) {
  await build({
    root: `${root}bench/baseline-app`,
    configFile: false,
    base,
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}
