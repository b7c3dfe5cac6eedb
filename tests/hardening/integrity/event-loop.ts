import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Runs `big` (a large answer, read as a stream) while `small` calls are made one after another,
 * with the event loop of this process, where the test server runs, watched throughout. Answers
 * the big call's result, the longest block of the loop and the time each small call took.
 */
export async function whileWatchingTheLoop<T>(big: () => Promise<T>, small: () => Promise<void>) {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const smallCalls: number[] = [];
  let bigDone = false;
  loop.enable();
  const answer = (async () => {
    try {
      return await big();
    } finally {
      bigDone = true;
    }
  })();
  while (!bigDone) {
    const started = performance.now();
    await small();
    smallCalls.push(performance.now() - started);
  }
  const result = await answer;
  loop.disable();
  return { result, longestMs: loop.max / 1e6, smallCalls };
}

/**
 * POSTs a call and reads its answer as the chunks it came in, without parsing it. Its text is
 * joined only when read, after the watch: the client runs in the server's process, and joining
 * tens of megabytes (new memory, a page fault per 4 KiB on these machines) held the loop 200 ms
 * and more of its own, which the watch counted as the server's.
 */
export async function streamCall(url: string, token: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const chunks: Uint8Array[] = [];
  for await (const chunk of response.body!) chunks.push(chunk);
  return { status: response.status, headers: response.headers, text: () => Buffer.concat(chunks).toString('utf8') };
}
