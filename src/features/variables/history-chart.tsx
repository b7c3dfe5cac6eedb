import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { HistoryRow } from '#src/contract/variables.ts';
import { formatChangeDate } from './history-labels.ts';

// Loaded with the Pricing History screen only (React.lazy there): recharts and its d3 parts stay
// out of every other screen's JS (docs/design.md §7.2).

type Point = { time: number; value: number; text: string; userName: string; createdAt: string };

/** Each change as a point: the value from then on. The figure is for drawing; the tooltip shows the exact text. */
const pointOf = (row: HistoryRow): Point => ({
  time: Date.parse(row.createdAt),
  value: Number(row.newValue),
  text: row.newValue,
  userName: row.userName,
  createdAt: row.createdAt,
});

const dayOf = (time: number) => new Date(time).toLocaleDateString('en-GB');

function PointTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: Point }[] }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded border border-slate-200 bg-white px-3 py-2 text-sm shadow">
      <p className="font-semibold tabular-nums">{point.text}</p>
      <p>{formatChangeDate(point.createdAt)}</p>
      <p>by {point.userName}</p>
    </div>
  );
}

/** A step line of one variable over time, oldest change first: each value holds until the next change. */
export default function HistoryChart({ changes, label }: { changes: HistoryRow[]; label: string }) {
  if (changes.length === 0) return <p className="py-6 text-center text-sm text-slate-500">No changes of {label} yet.</p>;
  const points = changes.map(pointOf);
  return (
    <figure aria-label={`${label} over time`} className="h-64 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="time" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={dayOf} fontSize={12} />
          <YAxis domain={['auto', 'auto']} fontSize={12} width={64} />
          <Tooltip content={PointTooltip} />
          <Line type="stepAfter" dataKey="value" name={label} stroke="#0a6ebd" strokeWidth={2} dot isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
