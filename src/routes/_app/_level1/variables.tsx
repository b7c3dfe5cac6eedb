import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Breadcrumb } from '../../../components/breadcrumb.tsx';
import { Card } from '../../../components/card.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { variablesQuery } from '../../../features/variables/api.ts';
import { VariablesForm } from '../../../features/variables/variables-form.tsx';

export const Route = createFileRoute('/_app/_level1/variables')({
  // A failed variables read is only logged (SPEC.md §8): prefetching never throws.
  loader: ({ context }) => context.queryClient.prefetchQuery(variablesQuery),
  component: VariablesScreen,
});

function VariablesScreen() {
  const variables = useQuery(variablesQuery);
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Variables' }]} />
      <Card title="Variables">
        {variables.isPending ? <Spinner /> : <VariablesForm variables={variables.data} />}
      </Card>
    </>
  );
}
