import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '../../../../components/breadcrumb.tsx';
import { Card } from '../../../../components/card.tsx';
import { modelOptionsQuery } from '../../../../features/models/api.ts';
import { AddStockForm } from '../../../../features/stock/add-stock-form.tsx';

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
