import { lazy, Suspense } from 'react';
import type { RatePoint } from '#src/contract/dashboard.ts';

// recharts is large: it loads with the first sparkline drawn, never with the app's first JS
// (the dashboard is part of it).
const SparklineChart = lazy(() => import('./sparkline-chart.tsx'));

/** The exchange rate over its recent points; nothing at all without points. */
export function ExchSparkline({ points }: { points: readonly RatePoint[] }) {
  if (points.length === 0) return null;
  return (
    <Suspense fallback={<div className="h-12" />}>
      <SparklineChart points={points} />
    </Suspense>
  );
}
