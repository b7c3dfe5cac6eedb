import { importShapes, median, MOST_BLOCK_MS, MOST_GROWTH_MB, previewCosts } from '#tests/hardening/integrity/import-shapes.ts';
import { plainRow, type Row } from './report.ts';
import type { RunningServer } from './server.ts';

// docs/design.md §8.9: a 5 MB preview of each shape of file (the hardening test's shapes) on the
// bench's server: the longest the event loop was held (the clock, what other calls wait), the
// longest piece of work between two turns (the main thread's CPU time, what the code decides), and
// how far the resident size rose. Each the median of three previews.

export type ShapeFigures = { shape: string; blockMs: number; workMs: number; growthMb: number };

export async function measureImportShapes(server: RunningServer, brand: string, series: string): Promise<ShapeFigures[]> {
  const figures: ShapeFigures[] = [];
  for (const shape of importShapes(brand, series)) {
    const runs = await previewCosts(server, server.token, shape.bytes);
    figures.push({
      shape: shape.name,
      blockMs: median(runs.map((run) => run.longestBlockMs)),
      workMs: median(runs.map((run) => run.longestCpuBlockMs)),
      growthMb: median(runs.map((run) => run.rssGrowthMb)),
    });
  }
  return figures;
}

/** The report's rows for one database's figures. */
export const shapeRows = (kind: string, figures: readonly ShapeFigures[]): Row[] =>
  figures.flatMap(({ shape, blockMs, workMs, growthMb }) => [
    plainRow(`Import ${kind} preview, ${shape}: longest event-loop block`, blockMs, 'ms', MOST_BLOCK_MS),
    plainRow(`Import ${kind} preview, ${shape}: longest work between turns (CPU)`, workMs, 'ms', MOST_BLOCK_MS),
    plainRow(`Import ${kind} preview, ${shape}: resident memory growth`, growthMb, 'MB', MOST_GROWTH_MB),
  ]);
