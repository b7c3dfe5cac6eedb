import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from '#mocks/node.ts';
import { resetStore } from '#mocks/store.ts';

// A real reload would end the test's document: tests watch the call instead.
vi.mock('#src/lib/reload.ts', () => ({ reloadPage: vi.fn() }));

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
