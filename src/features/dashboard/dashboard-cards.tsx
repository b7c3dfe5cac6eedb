import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Dashboard, LowStockRow, StockMoveRow } from '#src/contract/dashboard.ts';
import { EmptyRow } from '#src/components/data-table/empty-row.tsx';
import { RowLink } from '#src/components/list-links.tsx';
import { formatLakh } from '#src/domain/format.ts';
import { formatLogDate, formatLogQuantity } from '#src/features/models/log-format.ts';
import { ExchSparkline } from './exch-sparkline.tsx';

const linkClass = 'text-brand hover:underline';

/** One figure panel of the dashboard, titled for screen readers and eyes alike. */
function DashboardCard({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    // min-w-0 lets a grid cell be narrower than its table; the table then scrolls inside the card, never the page.
    <section
      aria-label={title}
      className={`min-w-0 overflow-x-auto rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${wide ? 'md:col-span-2' : ''}`}
    >
      <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      {children}
    </section>
  );
}

/** A column of a card's table; figures are right-aligned, as in the lists. */
type CardColumn = { title: string; numeric?: boolean };
const figure = (title: string): CardColumn => ({ title, numeric: true });

/** A card's small table: its column titles, then a row for each entry, or 'No Record Found.' as in every list. */
function CardTable<Row>({ columns, rows, children }: { columns: CardColumn[]; rows: Row[]; children: (row: Row) => ReactNode }) {
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-slate-500">
          {columns.map(({ title, numeric }) => (
            <th key={title} className={`py-1 pl-3 font-medium first:pl-0 ${numeric ? 'text-right' : ''}`}>
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{rows.length === 0 ? <EmptyRow columns={columns.length} /> : rows.map(children)}</tbody>
    </table>
  );
}

const LogsLink = ({ id, children }: { id: number; children: string }) => (
  <RowLink to="/models/log-model/$id" id={id}>
    {children}
  </RowLink>
);

/** The rate, when and by whom it last changed, and (level 2) its recent course. */
export function RateCard({ dashboard }: { dashboard: Dashboard }) {
  return (
    <DashboardCard title="Exchange Rate">
      <p className="text-3xl font-bold tabular-nums">{dashboard.exch}</p>
      <p className="mt-1 text-sm text-slate-600">
        {dashboard.exchChangedAt
          ? `Changed ${formatLogDate(dashboard.exchChangedAt)}${dashboard.exchChangedBy ? ` by ${dashboard.exchChangedBy}` : ''}`
          : 'No change on record.'}
      </p>
      {dashboard.exchHistory && <ExchSparkline points={dashboard.exchHistory} />}
    </DashboardCard>
  );
}

/** Level 2: the models at or below their minimum stock, lowest first, each with its logs. */
export function LowStockCard({ count, rows }: { count: number; rows: LowStockRow[] }) {
  return (
    <DashboardCard title="Low Stock">
      <p className="mb-2 text-sm">
        <span className="font-semibold tabular-nums">{formatLakh(count)}</span> {count === 1 ? 'model' : 'models'} at or below minimum
        stock.{' '}
        {count > 0 && (
          <Link to="/models" search={{ lowStock: 1 }} className={linkClass}>
            Show all
          </Link>
        )}
      </p>
      <CardTable columns={[{ title: 'Model' }, figure('Quantity'), figure('Minimum')]} rows={rows}>
        {(row) => (
          <tr key={row.id} className="border-t border-slate-100">
            <td className="py-1" title={`${row.brandName} · ${row.seriesName}`}>
              <LogsLink id={row.id}>{row.modelName}</LogsLink>
            </td>
            <td className="py-1 pl-3 text-right tabular-nums">{formatLakh(row.modelQuantity)}</td>
            <td className="py-1 pl-3 text-right tabular-nums">{formatLakh(row.modelMinStock)}</td>
          </tr>
        )}
      </CardTable>
    </DashboardCard>
  );
}

/** Level 2: the last stock moves of every model, newest first. */
export function RecentMovesCard({ rows }: { rows: StockMoveRow[] }) {
  return (
    <DashboardCard title="Recent Stock Moves">
      <CardTable columns={[{ title: 'Model' }, figure('Quantity'), { title: 'Note' }, { title: 'User' }, { title: 'Date' }]} rows={rows}>
        {(row) => (
          <tr key={row.id} className="border-t border-slate-100">
            <td className="py-1 pl-3 first:pl-0">
              <LogsLink id={row.modelId}>{row.modelName}</LogsLink>
            </td>
            <td className="py-1 pl-3 text-right tabular-nums">{formatLogQuantity(row)}</td>
            <td className="py-1 pl-3 first:pl-0">{row.note ?? ''}</td>
            <td className="py-1 pl-3 first:pl-0">{row.name}</td>
            <td className="py-1 pl-3 first:pl-0">{formatLogDate(row.created_at)}</td>
          </tr>
        )}
      </CardTable>
    </DashboardCard>
  );
}

/** Level 1: how big the catalogue is and what its stock is worth at today's variables. */
export function CatalogueCard({ counts, stockValuePkr }: { counts: NonNullable<Dashboard['counts']>; stockValuePkr: string }) {
  const figures = [
    { label: 'Brands', value: counts.brands, to: '/brands' as const },
    { label: 'Series', value: counts.series, to: '/series' as const },
    { label: 'Models', value: counts.models, to: '/models' as const },
    { label: 'Active Models', value: counts.activeModels, to: '/models' as const },
    { label: 'Users', value: counts.users, to: '/users' as const },
  ];
  return (
    <DashboardCard title="Catalogue" wide>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-sm text-slate-500">{figure.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{formatLakh(figure.value)}</dd>
          </div>
        ))}
        <div>
          <dt className="text-sm text-slate-500">Stock Value PKR</dt>
          <dd className="text-2xl font-semibold tabular-nums">{formatLakh(stockValuePkr)}</dd>
        </div>
      </dl>
    </DashboardCard>
  );
}
