/**
 * At most `limit` of the given tasks run at once; the others wait their turn, first come first
 * served. A task's failure is its caller's and does not stop the queue.
 */
export function takeTurns(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
