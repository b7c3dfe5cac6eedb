import { collectClientGarbage } from './client-garbage.ts';
import type { LoopDelay, RunningServer } from './server.ts';

// docs/design.md §7.1: the export of every model, against the All JSON of the same rows on the same
// server (target ≤ 1.5×), with the longest event-loop block while it is written; and the first
// page sorted by price against the same page in the list's own order.

const ROUNDS = 3;

/** One call, its answer read to the end: the time it took. */
export async function timed(server: RunningServer, call: string, body: unknown): Promise<number> {
  collectClientGarbage();
  const started = performance.now();
  const response = await fetch(`${server.url}/api/${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${call} answered ${response.status}`);
  for await (const chunk of response.body!) void chunk;
  return performance.now() - started;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export type ExportFigures = { exportMs: number; allJsonMs: number; loop: LoopDelay; sortedMs: number; unsortedMs: number };

/** Each pair measured in turns (which goes first alternates), each figure the median of the rounds. */
export async function measureExport(server: RunningServer, total: number): Promise<ExportFigures> {
  const exports: number[] = [];
  const alls: number[] = [];
  const sorted: number[] = [];
  const unsorted: number[] = [];
  let loop: LoopDelay = { maxMs: 0, p99Ms: 0 };
  const runExport = async () => {
    server.resetLoopDelay();
    exports.push(await timed(server, 'models/export', { filters: {}, sort: 'price.desc' }));
    const delay = await server.readLoopDelay();
    loop = { maxMs: Math.max(loop.maxMs, delay.maxMs), p99Ms: Math.max(loop.p99Ms, delay.p99Ms) };
  };
  const runAll = async () => void alls.push(await timed(server, 'models', { filters: {}, page: 1, per_page: total }));
  const runSorted = async () => void sorted.push(await timed(server, 'models', { filters: {}, sort: 'price.desc' }));
  const runUnsorted = async () => void unsorted.push(await timed(server, 'models', { filters: {} }));
  await runExport();
  await runAll();
  for (let round = 0; round < ROUNDS; round++) {
    for (const run of round % 2 ? [runAll, runExport, runUnsorted, runSorted] : [runExport, runAll, runSorted, runUnsorted]) await run();
  }
  return { exportMs: median(exports), allJsonMs: median(alls), loop, sortedMs: median(sorted), unsortedMs: median(unsorted) };
}
