import { readFileSync, writeFileSync } from 'node:fs';
import { IMPORT_HEADER, importForm } from '#tests/support/import-files.ts';
import type { LoopProbe } from './server-process.ts';

// docs/design.md §8.9: parsing an import's file never holds the event loop 50 ms or more, whatever
// its shape, and one 5 MB file costs the process at most 64 MB more resident memory. The shapes
// that cost most, each about 5 MB (the limit is 5 MiB): the probe's header of 850,000 columns;
// 10,000 rows, the most a file may have; one cell of 5 MB; and a million blank rows, each read
// and skipped. Shared by the hardening test and `npm run bench`.

export const MOST_BLOCK_MS = 50;
export const MOST_GROWTH_MB = 64;

export type ImportShape = { name: string; bytes: Uint8Array };

const FILE_BYTES = 5_000_000;
const encoded = (text: string) => new TextEncoder().encode(text);

/** The shapes, their rows naming the series `series` of the brand `brand`. */
export function importShapes(brand: string, series: string): ImportShape[] {
  const header = [...IMPORT_HEADER, 'Notes'].join(',');
  const rowStart = (i: number) => `${brand},${series},Shape ${i},2.5,170.00,`;
  const notes = 'n'.repeat(Math.floor(FILE_BYTES / 10_000) - rowStart(9_999).length - 1);
  const rows = Array.from({ length: 10_000 }, (_, i) => `${rowStart(i)}${notes}\n`).join('');
  return [
    { name: 'a header of 850,000 columns', bytes: encoded(`${IMPORT_HEADER.join(',')}${',Extra'.repeat(850_000)}\n`) },
    { name: '10,000 rows', bytes: encoded(`${header}\n${rows}`) },
    { name: 'one cell of 5 MB', bytes: encoded(`${header}\n${rowStart(0)}"${'x'.repeat(FILE_BYTES)}"\n`) },
    { name: 'a million blank rows', bytes: encoded(`${header}\n${',,,,,\n'.repeat(Math.floor(FILE_BYTES / 6))}${rowStart(0)}\n`) },
  ];
}

/** A server process with bench/loop-probe.ts preloaded. */
export type ProbedServer = { url: string; pid: number } & LoopProbe;

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

export type PreviewCost = { status: number; longestBlockMs: number; longestCpuBlockMs: number; rssGrowthMb: number };

/**
 * Previews `bytes` on `server`: its answer's status, the longest its event loop was held meanwhile,
 * and how far its resident size rose above what it was before (Linux's high-water mark, reset to
 * the current size first by writing 5 to clear_refs: no sampling can miss the peak).
 */
export async function previewCost(server: ProbedServer, token: string, bytes: Uint8Array): Promise<PreviewCost> {
  const before = statusKb(server.pid, 'VmRSS');
  writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
  server.resetLoopDelay();
  const response = await fetch(`${server.url}/api/models/import-preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: importForm(bytes),
  });
  await response.arrayBuffer();
  const { maxMs, cpuMaxMs } = await server.readLoopDelay();
  return {
    status: response.status,
    longestBlockMs: maxMs,
    longestCpuBlockMs: cpuMaxMs,
    rssGrowthMb: (statusKb(server.pid, 'VmHWM') - before) / 1024,
  };
}

/** Previews of one file measured on one server: three, as one may be hit by a collection of garbage or the machine's other work. */
export const ROUNDS = 3;

export async function previewCosts(server: ProbedServer, token: string, bytes: Uint8Array): Promise<PreviewCost[]> {
  const costs: PreviewCost[] = [];
  for (let round = 0; round < ROUNDS; round++) costs.push(await previewCost(server, token, bytes));
  return costs;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
