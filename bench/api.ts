import autocannon from 'autocannon';
import type { LoopDelay, Probed, RunningServer } from './server.ts';

/** Requests per second, latencies, and the CPU time the answering process spent per call. */
export type Load = { rps: number; p50: number; p99: number; cpuUs: number };
export type ApiFigures = { perPage: number; ours: Load; baseline: Load };

const CONNECTIONS = 10;
const SECONDS = 5;
const ROUNDS = 2;

/** One autocannon run of a list call (the models list unless told) at a page size. */
export async function load(target: Probed, perPage: number, token?: string, duration = SECONDS, call = 'models'): Promise<Load> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const cpuBefore = await target.cpuMs();
  const result = await autocannon({
    url: `${target.url}/api/${call}`,
    method: 'POST',
    headers,
    body: JSON.stringify({ filters: {}, page: 1, per_page: perPage }),
    connections: CONNECTIONS,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const cpuUs = ((await target.cpuMs()) - cpuBefore) * 1000;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuUs: cpuUs / result.requests.total };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
export const medianLoad = (loads: Load[]): Load => ({
  rps: median(loads.map((l) => l.rps)),
  p50: median(loads.map((l) => l.p50)),
  p99: median(loads.map((l) => l.p99)),
  cpuUs: median(loads.map((l) => l.cpuUs)),
});

/**
 * The models list call at each page size on our server and on the bare baseline, taking turns
 * (which goes first alternates by round), each figure the median of the rounds. While our server
 * serves the largest page, its event loop's longest hold-up is read from the probe.
 */
export async function measureApi(
  ours: RunningServer,
  baseline: Probed,
  sizes: number[],
): Promise<{ figures: ApiFigures[]; allLoop: LoopDelay }> {
  const figures: ApiFigures[] = [];
  let allLoop: LoopDelay = { maxMs: 0, p99Ms: 0 };
  const largest = Math.max(...sizes);
  for (const perPage of sizes) {
    await load(ours, perPage, ours.token, 1);
    await load(baseline, perPage, undefined, 1);
    const mine: Load[] = [];
    const theirs: Load[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const runOurs = async () => {
        if (perPage === largest) ours.resetLoopDelay();
        mine.push(await load(ours, perPage, ours.token));
        if (perPage === largest) {
          const delay = await ours.readLoopDelay();
          allLoop = { maxMs: Math.max(allLoop.maxMs, delay.maxMs), p99Ms: Math.max(allLoop.p99Ms, delay.p99Ms) };
        }
      };
      const runBaseline = async () => void theirs.push(await load(baseline, perPage));
      for (const run of round % 2 ? [runBaseline, runOurs] : [runOurs, runBaseline]) await run();
    }
    figures.push({ perPage, ours: medianLoad(mine), baseline: medianLoad(theirs) });
  }
  return { figures, allLoop };
}
