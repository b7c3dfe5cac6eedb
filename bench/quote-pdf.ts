import { monitorEventLoopDelay } from 'node:perf_hooks';
import { renderQuotePdf } from '#server/documents/quote-pdf.ts';
import { sampleQuote } from '#tests/support/sample-quote.ts';
import { plainRow, type Row } from './report.ts';

// Issue 31: the PDF of a 50-line quote in at most 150 ms on the server. The rendering is the
// server's own code and needs no database, so it runs here, in the bench's process, after the
// servers have stopped; the first PDF (pdfkit, qrcode and the font loaded) is shown apart, and so
// is the longest the event loop was held while the others were drawn (§7.6: under 50 ms).

const LINES = 50;
const WARM_UP = 5;
const RUNS = 21;

export type QuotePdfFigures = { firstMs: number; medianMs: number; slowestMs: number; cpuMs: number; loopMaxMs: number; bytes: number };

async function timed(work: () => Promise<Buffer>): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const pdf = await work();
  return { ms: performance.now() - started, bytes: pdf.length };
}

export async function measureQuotePdf(): Promise<QuotePdfFigures> {
  const view = sampleQuote(LINES);
  const render = () => renderQuotePdf(view);
  const first = await timed(render);
  for (let run = 0; run < WARM_UP; run++) await render();
  const times: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu = process.cpuUsage();
  for (let run = 0; run < RUNS; run++) times.push((await timed(render)).ms);
  const { user, system } = process.cpuUsage(cpu);
  loop.disable();
  times.sort((a, b) => a - b);
  const [medianMs, slowestMs] = [times[Math.floor(RUNS / 2)]!, times.at(-1)!];
  const cpuMs = (user + system) / 1000 / RUNS;
  return { firstMs: first.ms, medianMs, slowestMs, cpuMs, loopMaxMs: loop.max / 1e6, bytes: first.bytes };
}

export function quotePdfRows(figures: QuotePdfFigures): Row[] {
  const name = `PDF of a ${LINES}-line quote`;
  return [
    plainRow(`${name}: median of ${RUNS}`, figures.medianMs, 'ms', 150),
    plainRow(`${name}: slowest of ${RUNS} (info)`, figures.slowestMs, 'ms', null),
    plainRow(`${name}: CPU per PDF, this process (info)`, figures.cpuMs, 'ms', null),
    plainRow(`${name}: longest event-loop block`, figures.loopMaxMs, 'ms', 50),
    plainRow(`${name}: the first, loading pdfkit and the font (info)`, figures.firstMs, 'ms', null),
    plainRow(`${name}: size (KiB)`, figures.bytes / 1024, 'KiB', null),
  ];
}
