import { Line, LineChart, ResponsiveContainer, YAxis } from 'recharts';
import type { RatePoint } from '#src/contract/dashboard.ts';

/** A step line of the rate: each value holds until the next change. Loaded lazily (exch-sparkline.tsx). */
export default function SparklineChart({ points }: { points: readonly RatePoint[] }) {
  const data = points.map((point) => ({ at: point.createdAt, value: Number(point.value) }));
  return (
    <div className="h-12" role="img" aria-label="Exchange rate over the last 90 days">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data}>
          <YAxis hide domain={['dataMin', 'dataMax']} />
          <Line type="stepAfter" dataKey="value" stroke="currentColor" dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
