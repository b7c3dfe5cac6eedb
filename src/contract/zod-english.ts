import { z } from 'zod/mini';

// zod/mini chooses no language for zod's own messages (a body that is not an object, a number
// where text was expected) until one is configured; classic zod chose English when imported, and
// the contract's answers keep those words. text.ts, the root of every call's schemas, loads this
// first. The first screen's answers (first-screen-answers.ts) go without: an answer that fails its
// check is said as the app's own failure, never in zod's words.
z.config(z.locales.en());
