import { setupServer } from 'msw/node';
import { handlers } from './handlers.ts';

/** The mock API for tests in Node; pair `listen` with `resetStore()` after each test. */
export const server = setupServer(...handlers);
