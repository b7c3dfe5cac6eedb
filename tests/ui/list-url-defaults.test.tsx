import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditSearchSchema } from '#src/features/audit/search.ts';
import { modelsSearchSchema } from '#src/features/price-list/api.ts';
import { listRouteSearch, listSearchSchema } from '#src/lib/list-search.ts';
import { renderApp } from './render-app.tsx';

// Default values stay out of a list's URL: going back to page 1 or to the list's own page size gives
// its plain address again, the one the menu links to (docs/design.md §6: the URL is the source of truth).

const address = (router: Awaited<ReturnType<typeof renderApp>>['router']) => router.state.location.href;

describe("a list's URL without its defaults", () => {
  it('links page 1 without ?page=, and keeps a page size that is not the default', async () => {
    const { user, router } = await renderApp('/series?per_page=2&page=3', 'admin');
    expect(await screen.findByText('Showing 5 to 5 of 5 entries')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'First page' })).toHaveAttribute('href', '/series?per_page=2');
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/series?per_page=2&page=2');

    await user.click(screen.getByRole('link', { name: 'First page' }));
    await waitFor(() => expect(address(router)).toBe('/series?per_page=2'));
    expect(await screen.findByText('Showing 1 to 2 of 5 entries')).toBeInTheDocument();
  });

  it('drops the page size from the URL when Show Entries goes back to the default', async () => {
    const { user, router } = await renderApp('/brands?page=2&per_page=1', 'admin');
    const sizes = await screen.findByRole('combobox', { name: 'Show Entries' });

    await user.selectOptions(sizes, '50');
    await waitFor(() => expect(address(router)).toBe('/brands?per_page=50'));
    await user.selectOptions(sizes, '30');
    await waitFor(() => expect(address(router)).toBe('/brands'));
    expect(await screen.findByText('Showing 1 to 3 of 3 entries')).toBeInTheDocument();
  });

  it('judges the models list by its own default of 500, and keeps a search and filters as they are', async () => {
    const { user, router } = await renderApp('/models?brandId=2&page=2&per_page=3', 'admin');
    const sizes = await screen.findByRole('combobox', { name: 'Show Entries' });
    await user.selectOptions(sizes, '30');
    await waitFor(() => expect(address(router)).toBe('/models?brandId=2&per_page=30'));
    await user.selectOptions(sizes, '500');
    await waitFor(() => expect(address(router)).toBe('/models?brandId=2'));
  });

  it('opens ?page=1 and the default size as the same rows, and the next change leaves them out', async () => {
    const { user, router } = await renderApp('/brands?page=1&per_page=30', 'admin');
    expect(await screen.findByText('Showing 1 to 3 of 3 entries')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'gree');
    await waitFor(() => expect(address(router)).toBe('/brands?search=gree'));
  });
});

// The defaults a list keeps out of its URL are read from its schema: what it makes of an empty URL.
const strip = (schema: Parameters<typeof listRouteSearch>[0], search: Record<string, unknown>) => {
  const [middleware] = listRouteSearch(schema).search.middlewares;
  return middleware!({ search, next: (next) => next });
};

describe('listRouteSearch: default values stay out of the URL', () => {
  it('leaves out page 1 and the page size of 30, and keeps every other value', () => {
    expect(strip(listSearchSchema(), { page: 1, per_page: 30, search: 'gree' })).toEqual({ search: 'gree' });
    expect(strip(listSearchSchema(), { page: 2, per_page: 50 })).toEqual({ page: 2, per_page: 50 });
    expect(strip(listSearchSchema(), { page: 1, per_page: 'all' })).toEqual({ per_page: 'all' });
  });

  it("takes each list's own defaults: 500 rows for the models", () => {
    expect(strip(modelsSearchSchema, { page: 1, per_page: 500, brandId: 2 })).toEqual({ brandId: 2 });
    expect(strip(modelsSearchSchema, { page: 1, per_page: 30 })).toEqual({ per_page: 30 });
    expect(strip(auditSearchSchema, { page: 1, per_page: 30, action: 'stock.add' })).toEqual({ action: 'stock.add' });
  });

  it('reads a URL without them as the defaults, and an unreadable one too', () => {
    expect(listSearchSchema().parse({})).toEqual({ page: 1, per_page: 30 });
    expect(modelsSearchSchema.parse({ page: 'x', per_page: '-3' })).toMatchObject({ page: 1, per_page: 500 });
  });
});
