/**
 * What `work` answers if it settles well within `ms`, else undefined (a failure too). A read still
 * running after that is left to finish alone: what waits on it (a probe, a scrape) answers on time.
 */
export async function settledWithin<T>(work: () => Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, ms, undefined)));
  try {
    return await Promise.race([work().catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
