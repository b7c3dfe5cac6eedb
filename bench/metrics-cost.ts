import type { DatabaseKind } from '#server/db/connect.ts';
import { createMetrics } from '#server/metrics/families.ts';
import { load, medianLoad, type Load } from './api.ts';
import { forInformation, plainRow, ratioRow, type Row } from './report.ts';
import type { RunningServer } from './server.ts';

// Issue 37: what GET /metrics costs the calls it counts. The 500-row models call on two production
// servers of the same build and database, one with METRICS_TOKEN (its hooks count every answer)
// and one without (none installed), in turns, in the same run; and the time of one scrape. On a
// busy machine two servers' throughputs differ by more than 3 % from noise alone, so the CPU time
// the counting itself takes per answer (measured here, in this process) is given beside them.

const ROUNDS = 4;
const WARM_UP_ROUNDS = 3;
const COUNTED = 200_000;
const SCRAPES = 21;
export const BENCH_METRICS_TOKEN = `bench-metrics-${crypto.randomUUID()}`;

export type MetricsCostFigures = { off: Load; on: Load; scrapeMs: number; countingUs: number };

/** The CPU time of counting one answer (what the server's onResponse hook does), in µs. */
function countingUs(): number {
  const metrics = createMetrics({ db: undefined as never, usage: () => ({ inUse: 0, waiting: 0 }), liveStreams: () => 0, today: () => '' });
  const count = (times: number) => {
    for (let i = 0; i < times; i++) metrics.answered(i % 2 ? '/api/models' : '/api/models/get-model', 'POST', 200, (i % 100) / 1000);
  };
  count(COUNTED / 10);
  const before = process.cpuUsage();
  count(COUNTED);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / COUNTED;
}

async function scrapeMs(server: RunningServer): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SCRAPES; i++) {
    const started = performance.now();
    const answer = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
    if (!answer.ok) throw new Error(`GET /metrics answered ${answer.status}`);
    await answer.text();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(SCRAPES / 2)]!;
}

export async function measureMetricsCost(off: RunningServer, on: RunningServer): Promise<MetricsCostFigures> {
  // Both fresh: warmed alike, in turns, until their code is compiled for this call.
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    await load(off, 500, off.token, 1);
    await load(on, 500, on.token, 1);
  }
  const offLoads: Load[] = [];
  const onLoads: Load[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const runOff = async () => void offLoads.push(await load(off, 500, off.token));
    const runOn = async () => void onLoads.push(await load(on, 500, on.token));
    for (const run of round % 2 ? [runOn, runOff] : [runOff, runOn]) await run();
  }
  return { off: medianLoad(offLoads), on: medianLoad(onLoads), scrapeMs: await scrapeMs(on), countingUs: countingUs() };
}

export function metricsCostRows(kind: DatabaseKind, figures: MetricsCostFigures): Row[] {
  const figure = `API ${kind} 500 rows with metrics vs without`;
  return [
    ratioRow(`${figure}: req/s`, figures.on.rps, figures.off.rps, 'req/s', 0.97, true),
    forInformation(ratioRow(`${figure}: p50 (info)`, figures.on.p50, figures.off.p50, 'ms', 1.03)),
    forInformation(ratioRow(`${figure}: CPU per call (info)`, figures.on.cpuUs, figures.off.cpuUs, 'µs', 1.03)),
    forInformation(
      ratioRow(`Metrics ${kind}: counting one answer vs the call's CPU (info)`, figures.countingUs, figures.off.cpuUs, 'µs', 0.03),
    ),
    plainRow(`Metrics ${kind}: one scrape of GET /metrics`, figures.scrapeMs, 'ms', null),
  ];
}
