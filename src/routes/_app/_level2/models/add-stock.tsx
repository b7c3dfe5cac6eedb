import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { modelOptionsQuery } from '#src/features/models/api.ts';
import { AddStockForm } from '#src/features/stock/add-stock-form.tsx';

export const Route = createFileRoute('/_app/_level2/models/add-stock')({
  loader: ({ context }) => context.queryClient.ensureQueryData(modelOptionsQuery),
  component: AddStock,
});

function AddStock() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Add Stock' }]} />
      <Card title="Add Stock">
        <AddStockForm />
      </Card>
    </>
  );
}
