import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { Spinner } from '#src/components/spinner.tsx';
import { variablesQuery } from '#src/features/variables/api.ts';
import { exchHistorySearch } from '#src/features/variables/history-labels.ts';
import { VariablesForm } from '#src/features/variables/variables-form.tsx';

export const Route = createFileRoute('/_app/variables/')({
  ...guardScreen('variables'),
  // A failed variables read is only logged (docs/product.md §8): prefetching never throws.
  loader: ({ context }) => context.queryClient.prefetchQuery(variablesQuery),
  component: VariablesScreen,
});

function VariablesScreen() {
  const variables = useQuery(variablesQuery);
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Variables' }]} />
      <Card
        title="Variables"
        actions={
          <Link to="/variables/history" search={exchHistorySearch} className="text-sm text-brand underline">
            History
          </Link>
        }
      >
        {variables.isPending ? <Spinner /> : <VariablesForm variables={variables.data} />}
      </Card>
    </>
  );
}
