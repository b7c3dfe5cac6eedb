import { useQuery } from '@tanstack/react-query';
import { Card } from '#src/components/card.tsx';
import { CatalogueCard, LowStockCard, RateCard, RecentMovesCard } from '#src/features/dashboard/dashboard-cards.tsx';
import { dashboardQuery } from '#src/features/dashboard/api.ts';

// The sentence of what changed since the last visit (docs/design.md §8.2), as above the models
// list. In the entry: loaded apart, its imports took the whole shared screen kit (some 42 KiB) with
// them onto the first screen, against about 1 KiB here.
import { ChangesNotice } from '#src/features/price-list/changes-notice.tsx';

/**
 * WELCOME, then the day's figures as cards (docs/design.md §7.3). The server sends each user only
 * the parts of their level, so a card shows when its part is in the answer.
 */
export function Dashboard() {
  const { data: dashboard } = useQuery(dashboardQuery);
  return (
    <>
      <ChangesNotice />
      <Card title="Dashboard">
        <p className="py-12 text-center text-3xl font-bold tracking-wide text-brand">WELCOME</p>
      </Card>
      {dashboard && (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <RateCard dashboard={dashboard} />
          {dashboard.lowStock && <LowStockCard count={dashboard.lowStockCount ?? 0} rows={dashboard.lowStock} />}
          {dashboard.recentMoves && <RecentMovesCard rows={dashboard.recentMoves} />}
          {dashboard.counts && dashboard.stockValuePkr !== undefined && (
            <CatalogueCard counts={dashboard.counts} stockValuePkr={dashboard.stockValuePkr} />
          )}
        </div>
      )}
    </>
  );
}
