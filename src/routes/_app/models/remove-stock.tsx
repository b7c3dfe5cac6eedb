import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { modelOptionsQuery } from '#src/features/models/api.ts';
import { removeStockMove } from '#src/features/stock/stock-move-form.tsx';
import { StockMoveScreen } from '#src/features/stock/stock-move-screen.tsx';

export const Route = createFileRoute('/_app/models/remove-stock')({
  ...guardScreen('removeStock'),
  loader: ({ context }) => context.queryClient.ensureQueryData(modelOptionsQuery),
  component: () => <StockMoveScreen title="Remove Stock" move={removeStockMove} />,
});
