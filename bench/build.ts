import { build } from 'vite';
import react from '@vitejs/plugin-react';

// The bundles come from the same Vite in the same run: the app with its own config, the baselines
// (a minimal React + TanStack Router page, the same with the stack's libraries, and the plain
// page's list through the stack) with only the React plugin.

const root = new URL('..', import.meta.url).pathname;

/** The production build of the app, into outDir (never dist/: colleagues serve that one). */
export async function buildApp(outDir: string) {
  await build({ root, configFile: `${root}vite.config.ts`, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}

/** A baseline page (bench/baseline-app, the minimal React + Router page, bench/baseline-stack or bench/baseline-list), served under `base` from outDir. */
export async function buildBaselineApp(page: 'baseline-app' | 'baseline-stack' | 'baseline-list', outDir: string, base: string) {
  await build({
    root: `${root}bench/${page}`,
    configFile: false,
    base,
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}
