import { createFileRoute } from '@tanstack/react-router';
import { modelOptionsQuery } from '#src/features/models/api.ts';
import { addStockMove } from '#src/features/stock/stock-move-form.tsx';
import { StockMoveScreen } from '#src/features/stock/stock-move-screen.tsx';

export const Route = createFileRoute('/_app/_level2/models/add-stock')({
  loader: ({ context }) => context.queryClient.ensureQueryData(modelOptionsQuery),
  component: () => <StockMoveScreen title="Add Stock" move={addStockMove} />,
});
