import type { RatePoint } from '#src/contract/dashboard.ts';

const WIDTH = 200;
const HEIGHT = 40;

/**
 * The step line's points in the box: each rate holds until the next change, then to the right edge.
 * A plain SVG rather than the history screen's recharts: the dashboard is the first screen, and a
 * chart library there would more than double its JS (docs/design.md §7.2 keeps it off it).
 */
export function stepPath(values: readonly number[]): string {
  const low = Math.min(...values);
  const span = Math.max(...values) - low || 1;
  const y = (value: number) => +(HEIGHT - 2 - ((value - low) / span) * (HEIGHT - 4)).toFixed(1);
  const x = (index: number) => +((index * WIDTH) / values.length).toFixed(1);
  const steps = values.slice(1).map((value, i) => `H${x(i + 1)} V${y(value)}`);
  return [`M0 ${y(values[0]!)}`, ...steps, `H${WIDTH}`].join(' ');
}

/** The exchange rate over its recent points as a step line; nothing at all without points. */
export function ExchSparkline({ points }: { points: readonly RatePoint[] }) {
  if (points.length === 0) return null;
  const values = points.map((point) => Number(point.value));
  const label = `Exchange rate over the last 90 days: ${points[0]!.value} to ${points.at(-1)!.value}`;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" className="mt-2 h-12 w-full" role="img" aria-label={label}>
      <path d={stepPath(values)} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
