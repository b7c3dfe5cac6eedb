import { http } from 'msw';
import { server } from '../../mocks/node.ts';

// What several screens' tests share: the fallback text and a way to see what the app sent.

export const FALLBACK = "You didn't have permission to perform this action.";

/** The JSON bodies the app sends to one call; the mock still answers them. */
export function recordBodies<T = any>(call: string): T[] {
  const bodies: T[] = [];
  server.use(
    http.post(`*/api/${call}`, async ({ request }) => {
      bodies.push((await request.clone().json()) as T);
    }),
  );
  return bodies;
}
