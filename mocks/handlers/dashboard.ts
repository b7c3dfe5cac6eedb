import type { Dashboard, LowStockRow, StockMoveRow } from '#src/contract/dashboard.ts';
import { mayAccess } from '#src/domain/access.ts';
import { nameKey } from '#src/domain/names.ts';
import { preparePriceVariables } from '#src/domain/prices.ts';
import { dashboardAccess } from '#src/domain/screens.ts';
import { isLowStock } from '#src/domain/stock.ts';
import { addStockValue, NO_STOCK_VALUE } from '#src/domain/stock-value.ts';
import { sparklineSince } from '#src/domain/variable-history.ts';
import { catalogue } from '#mocks/catalogue.ts';
import type { CatalogueRow } from '#mocks/store-shape.ts';
import { defineCall, type MockCall } from '#mocks/define-call.ts';
import { compareText, orderBy } from '#mocks/names.ts';
import type { MockStore } from '#mocks/store-shape.ts';
import { newestFirst } from './stock.ts';

// The server's dashboard (server/routes/dashboard.ts), same parts, same orders, same rules.
const ROWS = 10;

const lowestFirst = orderBy<CatalogueRow>(
  ({ model }) => model.quantity,
  ({ brand }) => nameKey(brand.name),
  ({ series }) => nameKey(series.name),
  ({ model }) => nameKey(model.name),
  ({ model }) => model.id,
);

function lowStock(store: MockStore) {
  const low = catalogue(store)
    .filter(({ model }) => isLowStock({ quantity: model.quantity, minStock: model.minStock ?? 0 }))
    .sort(lowestFirst);
  const rows = low.slice(0, ROWS).map(({ model, series, brand }): LowStockRow => ({
    id: model.id,
    brandName: brand.name,
    seriesName: series.name,
    modelName: model.name,
    modelQuantity: model.quantity,
    modelMinStock: model.minStock ?? 0,
  }));
  return { lowStockCount: low.length, lowStock: rows };
}

function recentMoves(store: MockStore): StockMoveRow[] {
  return [...store.stockLogs]
    .sort(newestFirst)
    .flatMap((log): StockMoveRow[] => {
      const model = store.models.find((row) => row.id === log.modelId);
      const author = store.users.find((row) => row.id === log.userId);
      if (!model || !author) return [];
      const { id, modelId, quantity, quantityType, createdAt } = log;
      return [
        { id, modelId, modelName: model.name, quantity, quantityType, note: log.note ?? null, name: author.name, created_at: createdAt },
      ];
    })
    .slice(0, ROWS);
}

function catalogueFigures(store: MockStore) {
  const active = store.models.filter((model) => model.isActive === 1);
  const value = addStockValue(
    NO_STOCK_VALUE,
    active.filter((model) => model.quantity > 0).map((model) => ({ quantity: model.quantity, priceUsd: model.priceUsd })),
    preparePriceVariables(store.variables),
  );
  return {
    counts: {
      brands: store.brands.length,
      series: store.series.length,
      models: store.models.length,
      activeModels: active.length,
      users: store.users.length,
    },
    stockValuePkr: String(value),
  };
}

/** The rate's changes, oldest first, as the server reads them from its history table. */
const exchChanges = (store: MockStore) =>
  store.variableHistory.filter((row) => row.variable === 'exch').sort((a, b) => compareText(a.createdAt, b.createdAt) || a.id - b.id);

function exchPoints(store: MockStore) {
  const since = sparklineSince(Date.now()).toISOString();
  return exchChanges(store)
    .filter((row) => row.createdAt >= since)
    .map((row) => ({ createdAt: row.createdAt, value: row.newValue }));
}

export const dashboardCalls: MockCall[] = [
  defineCall('dashboard', ({ store, user }) => {
    const last = exchChanges(store).at(-1);
    const dashboard: Dashboard = {
      exch: store.variables.exch,
      exchChangedAt: last?.createdAt ?? null,
      exchChangedBy: last ? (store.users.find((row) => row.id === last.userId)?.name ?? null) : null,
    };
    if (mayAccess(user, dashboardAccess.stock))
      Object.assign(dashboard, lowStock(store), { recentMoves: recentMoves(store), exchHistory: exchPoints(store) });
    if (mayAccess(user, dashboardAccess.catalogue)) Object.assign(dashboard, catalogueFigures(store));
    return { dashboard };
  }),
];
