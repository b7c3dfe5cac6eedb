import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { Breadcrumb } from '#src/components/breadcrumb.tsx';
import { Card } from '#src/components/card.tsx';
import { CloseLink } from '#src/components/close-link.tsx';
import { ImportModelsForm } from '#src/features/import/import-form.tsx';

export const Route = createFileRoute('/_app/models/import')({ ...guardScreen('importModels'), component: ImportModels });

function ImportModels() {
  return (
    <>
      <Breadcrumb items={[{ label: 'Dashboard', to: '/' }, { label: 'Models', to: '/models' }, { label: 'Import Models' }]} />
      <Card title="Import Models" actions={<CloseLink />}>
        <ImportModelsForm />
      </Card>
    </>
  );
}
