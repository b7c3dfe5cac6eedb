import type { Dashboard } from '#src/contract/dashboard.ts';
import { mayAccess } from '#src/domain/access.ts';
import { dashboardAccess } from '#src/domain/screens.ts';
import { sparklineSince } from '#src/domain/variable-history.ts';
import type { Api } from '#server/http/register-call.ts';
import { catalogueCounts, lowStock, recentMoves, stockValuePkr } from '#server/repositories/dashboard.ts';
import { exchPointsSince, lastExchChange } from '#server/repositories/exch-history.ts';
import { readVariables } from '#server/repositories/variables.ts';

/** The first screen's figures (docs/design.md §7.3): each part only for the level that may see it. */
export function dashboardRoutes({ call, db }: Api) {
  call('dashboard', async ({ user }) => {
    const [variables, change] = await Promise.all([readVariables(db), lastExchChange(db)]);
    const dashboard: Dashboard = {
      exch: variables.exch,
      exchChangedAt: change?.changedAt ?? null,
      exchChangedBy: change?.changedBy ?? null,
    };
    if (mayAccess(user, dashboardAccess.stock)) {
      const since = sparklineSince(Date.now());
      const [low, moves, points] = await Promise.all([lowStock(db), recentMoves(db), exchPointsSince(db, since)]);
      Object.assign(dashboard, { lowStockCount: low.count, lowStock: low.rows, recentMoves: moves, exchHistory: points });
    }
    if (mayAccess(user, dashboardAccess.catalogue)) {
      const [counts, value] = await Promise.all([catalogueCounts(db), stockValuePkr(db, variables)]);
      Object.assign(dashboard, { counts, stockValuePkr: value });
    }
    return { dashboard };
  });
}
