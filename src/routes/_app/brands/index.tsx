import { createFileRoute } from '@tanstack/react-router';
import { guardScreen } from '#src/app/guard.tsx';
import { SearchListScreen } from '#src/components/search-list-screen.tsx';
import { brandsListQuery } from '#src/features/brands/api.ts';
import { brandColumns } from '#src/features/brands/brands-table.tsx';
import { listRoute } from '#src/lib/list-route.ts';
import { listSearchSchema } from '#src/lib/list-search.ts';

export const Route = createFileRoute('/_app/brands/')({
  ...guardScreen('brands'),
  ...listRoute(listSearchSchema(), brandsListQuery),
  component: () => (
    <SearchListScreen
      route={Route}
      name="Brands"
      query={brandsListQuery}
      columns={brandColumns}
      add={{ to: '/brands/add-new-brand', label: 'Add Brand' }}
    />
  ),
});
