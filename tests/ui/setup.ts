import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from '#mocks/node.ts';
import { resetStore } from '#mocks/store.ts';

// A real reload would end the test's document: tests watch the call instead.
vi.mock('#src/lib/reload.ts', () => ({ reloadPage: vi.fn() }));

// A loaded machine (npm test beside a build, or two cores shared) renders slowly: `findBy…` and
// `waitFor` wait up to 10 s for what a user would see, instead of 1 s, so slowness is not failure.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetStore();
  localStorage.clear();
  sessionStorage.clear();
  vi.clearAllMocks();
});
afterAll(() => server.close());

// jsdom has no scrolling; the write forms scroll to the top after each answer.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
