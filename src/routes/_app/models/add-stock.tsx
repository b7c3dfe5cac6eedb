import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { modelOptionsQuery } from '#src/features/models/api.ts';
import { addStockMove } from '#src/features/stock/stock-move-form.tsx';
import { StockMoveScreen } from '#src/features/stock/stock-move-screen.tsx';
import { stockMoveSearch } from '#src/features/stock/stock-search.ts';

export const Route = createFileRoute('/_app/models/add-stock')({
  ...guardScreen('addStock'),
  validateSearch: stockMoveSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(modelOptionsQuery),
  component: AddStock,
});

function AddStock() {
  const { modelId } = Route.useSearch();
  return <StockMoveScreen title="Add Stock" move={addStockMove} modelId={modelId} />;
}
