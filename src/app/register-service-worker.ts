/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from '#src/lib/app-update.ts';

/**
 * Registers the service worker that keeps the app's files (docs/design.md §8.6; vite.config.ts).
 * Loaded by main.tsx once the first screen has drawn, so none of it is in that screen's scripts.
 * A new build waits: the shell says so and reloads into it when the user asks (app-update.ts).
 */
export function registerServiceWorker() {
  const update = registerSW({ onNeedRefresh: () => offerUpdate(() => void update(true)) });
}
