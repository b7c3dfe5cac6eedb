import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { server } from '#mocks/node.ts';
import { resetStore } from '#mocks/store.ts';
import { selection } from '#src/features/price-list/selection.ts';
import { trayActions } from '#src/features/quotes/tray-store.ts';

// A real reload would end the test's document: tests watch the call instead. Files share workers
// (vitest.config.ts `isolate: false`) and this file runs again for each of them, while the app's
// modules may stay loaded from an earlier file: one mock per worker, kept on globalThis, is the one
// both the app and every test file see.
const shared = globalThis as { reloadPageMock?: ReturnType<typeof vi.fn>; testCalls?: AbortController };
vi.mock('#src/lib/reload.ts', () => ({ reloadPage: (shared.reloadPageMock ??= vi.fn()) }));

// A loaded machine (npm test beside a build, or two cores shared) renders slowly: `findBy…` and
// `waitFor` wait up to 10 s for what a user would see, instead of 1 s, so slowness is not failure.
configure({ asyncUtilTimeout: 10_000 });

// The mock API listens for the worker's whole life, not per file, and a test's calls end with it:
// one still in flight is aborted, so its late answer (a 203 for a token since cleared, say) can
// neither end the next test's session nor count as its reload, nor go out to the network.
beforeAll(() => {
  if (shared.testCalls) return;
  server.listen({ onUnhandledFrame: 'error' });
  shared.testCalls = new AbortController();
  const mocked = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const own = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const ended = shared.testCalls!.signal;
    return mocked(input, { ...init, signal: own ? AbortSignal.any([own, ended]) : ended });
  };
});
afterEach(() => {
  cleanup();
  shared.testCalls!.abort();
  shared.testCalls = new AbortController();
  server.resetHandlers();
  resetStore();
  // The app's own stores outside React live as long as their module, shared by the worker's files.
  selection.clear();
  trayActions.clear();
  localStorage.clear();
  sessionStorage.clear();
  vi.clearAllMocks();
});

// jsdom has no scrolling; the write forms scroll to the top after each answer.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
