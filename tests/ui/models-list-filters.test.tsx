import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { renderApp } from './render-app.tsx';
import { recordBodies } from './helpers.ts';

const modelNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('models list paging and filters', () => {
  it('asks for 500 rows by default and pages through ?page=', async () => {
    const bodies = recordBodies('models');
    const { user, router } = await renderApp('/models?per_page=5', 'admin');
    expect(await screen.findByText('Showing 1 to 5 of 12 entries')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Show Entries' })).toHaveValue('5');
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Showing 6 to 10 of 12 entries')).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ page: 2, per_page: 5 });
    expect(bodies.at(-1)).toMatchObject({ page: 2, per_page: 5 });
  });

  it('asks for All at once when the list already told its total', async () => {
    const { user } = await renderApp('/models?per_page=5', 'admin');
    expect(await screen.findByText('Showing 1 to 5 of 12 entries')).toBeInTheDocument();
    const bodies = recordBodies('models');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show Entries' }), 'All');
    expect(await screen.findByText('Showing 1 to 12 of 12 entries')).toBeInTheDocument();
    expect(bodies).toEqual([{ filters: {}, page: 1, per_page: 12 }]);
  });

  it('asks for the total first when All is opened directly', async () => {
    const bodies = recordBodies('models');
    await renderApp('/models?per_page=all', 'admin');
    expect(await screen.findByText('Showing 1 to 12 of 12 entries')).toBeInTheDocument();
    expect(bodies).toEqual([
      { filters: {}, page: 1, per_page: 1 },
      { filters: {}, page: 1, per_page: 12 },
    ]);
  });

  it('sends 500 as the page size when the URL names none', async () => {
    const bodies = recordBodies('models');
    await renderApp('/models', 'sales');
    expect(await screen.findByText('Showing 1 to 12 of 12 entries')).toBeInTheDocument();
    expect(bodies).toEqual([{ filters: {}, page: 1, per_page: 500 }]);
    expect(screen.getByRole('combobox', { name: 'Show Entries' })).toHaveValue('500');
  });

  it('sends the search of the URL to the server', async () => {
    const bodies = recordBodies('models');
    await renderApp('/models?search=xyz', 'sales');
    expect(await screen.findByText('No Record Found.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ filters: { search: 'xyz' }, page: 1 });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('xyz');
  });

  it('puts a typed search in the URL, back at page 1', async () => {
    const { user, router } = await renderApp('/models?per_page=5&page=2', 'sales');
    await screen.findByText('Showing 6 to 10 of 12 entries');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'hsu-18');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'hsu-18', page: 1 }));
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
  });

  it('lets an admin filter by brand and series on the server, each choice in the URL', async () => {
    const bodies = recordBodies('models');
    const { user, router } = await renderApp('/models?per_page=5&page=2', 'admin');
    await screen.findByText('Showing 6 to 10 of 12 entries');
    const brand = screen.getByRole('combobox', { name: 'Brand' });
    await within(brand).findByRole('option', { name: 'Haier' });
    await user.selectOptions(brand, 'Haier');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ brandId: 2, page: 1 }));
    expect(await screen.findByText('Showing 1 to 5 of 5 entries')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ filters: { brandId: 2 }, page: 1 });

    const series = screen.getByRole('combobox', { name: 'Series' });
    expect(
      within(series)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Clean Cool', 'Thunder']);
    await user.selectOptions(series, 'Thunder');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ brandId: 2, seriesId: 4 }));
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ filters: { brandId: 2, seriesId: 4 } });
    expect(modelNames(screen.getByRole('table', { name: 'Models' }))).toEqual(['HSU-12HRT', 'HSU-18HRT']);
  });

  it('offers sales staff the brands and series of the rows, without the level-1 option calls', async () => {
    const brandCalls = recordBodies('brands/get-all-brands');
    const seriesCalls = recordBodies('series/get-all-series');
    // Page 2 of 4 rows: one Gree model (Pular) and three Haier ones.
    const { user, router } = await renderApp('/models?per_page=4&page=2', 'sales');
    await screen.findByText('Showing 5 to 8 of 12 entries');
    const brand = screen.getByRole('combobox', { name: 'Brand' });
    expect(
      within(brand)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Gree', 'Haier']);
    await user.selectOptions(brand, 'Haier');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ brand: 'Haier', page: 1 }));
    // Every Haier model counts, not only the three of page 2 (a name filter asks for all the
    // rows), and they are paged by the page size in force.
    expect(await screen.findByText('Showing 1 to 4 of 5 entries')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Models' });
    expect(modelNames(table)).toEqual(['HSU-12HFCAC', 'HSU-18HFCAC', 'HSU-24HFCAC', 'HSU-12HRT']);
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Showing 5 to 5 of 5 entries')).toBeInTheDocument();
    expect(modelNames(table)).toEqual(['HSU-18HRT']);

    const series = screen.getByRole('combobox', { name: 'Series' });
    expect(
      within(series)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Clean Cool', 'Thunder']);
    await user.selectOptions(series, 'Thunder');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ brand: 'Haier', series: 'Thunder' }));
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    expect(modelNames(table)).toEqual(['HSU-12HRT', 'HSU-18HRT']);
    expect(brandCalls).toEqual([]);
    expect(seriesCalls).toEqual([]);
  });

  it('opens a shared link with a brand name filter as it was', async () => {
    await renderApp('/models?brand=Orient', 'manager');
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('Orient');
    expect(modelNames(screen.getByRole('table', { name: 'Models' }))).toEqual(['OS-12UB', 'OS-18UB']);
  });

  it('falls back to the defaults for a URL it cannot read', async () => {
    const bodies = recordBodies('models');
    await renderApp('/models?page=abc&per_page=-3&brandId=x', 'admin');
    expect(await screen.findByText('Showing 1 to 12 of 12 entries')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ filters: {}, page: 1, per_page: 500 });
  });

  it('shows a spinner until the rows arrive', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(http.post('*/api/models', () => held));
    await renderApp('/models', 'sales');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    release();
    expect(await screen.findByText('Showing 1 to 12 of 12 entries')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
