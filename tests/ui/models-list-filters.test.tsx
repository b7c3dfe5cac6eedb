import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { getStore, nextId } from '#mocks/store.ts';
import { renderApp } from './render-app.tsx';
import { expectFirstPageWith, recordBodies } from './helpers.ts';

const modelNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent);

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** What "All" sends when it must count first: a one-row call, then the total it answered. */
const countedThenRead = (total: number) => [
  { filters: {}, page: 1, per_page: 1 },
  { filters: {}, page: 1, per_page: total },
];

/** An admin's first page of five, seen and left: the tab has seen the list's total (12). */
async function seeFirstPageAndLeave() {
  const first = await renderApp('/models?per_page=5', 'admin');
  expect(await screen.findByText('Showing 1 to 5 of 12 entries')).toBeInTheDocument();
  first.unmount();
}

/** The models list opened at All by a page load, as `role`, until it shows its `total` rows: what it sent. */
async function openAll(role: 'admin' | 'sales', total: number) {
  const bodies = recordBodies('models');
  await renderApp('/models?per_page=all', role);
  expect(await screen.findByText(`Showing 1 to ${total} of ${total} entries`)).toBeInTheDocument();
  return bodies;
}

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
    expect(await openAll('admin', 12)).toEqual(countedThenRead(12));
  });

  it('asks for All at once on a page load after the tab has seen the total', async () => {
    await seeFirstPageAndLeave();
    expect(await openAll('admin', 12)).toEqual([{ filters: {}, page: 1, per_page: 12 }]);
  });

  it('asks again with the new total when the list has grown since the tab saw it', async () => {
    await seeFirstPageAndLeave();
    const store = getStore();
    store.models.push({ ...store.models[0]!, id: nextId(store.models), name: 'ZZ-GROWN' });
    expect(await openAll('admin', 13)).toEqual([
      { filters: {}, page: 1, per_page: 12 },
      { filters: {}, page: 1, per_page: 13 },
    ]);
  });

  it('counts afresh for another user than the one whose total the tab has seen', async () => {
    await seeFirstPageAndLeave();
    expect(await openAll('sales', 7)).toEqual(countedThenRead(7));
  });

  it('counts afresh when what the tab kept of totals cannot be read', async () => {
    sessionStorage.setItem('listTotals', '{"unfinished');
    expect(await openAll('admin', 12)).toEqual(countedThenRead(12));
  });

  it('counts first again once a write has made the shown rows stale', async () => {
    const { queryClient } = await renderApp('/models?per_page=all', 'admin');
    expect(await screen.findByText('Showing 1 to 12 of 12 entries')).toBeInTheDocument();
    const bodies = recordBodies('models');
    await queryClient.invalidateQueries({ queryKey: ['models', 'list'] });
    await waitFor(() => expect(bodies).toEqual(countedThenRead(12)));
  });

  it('sends 500 as the page size when the URL names none', async () => {
    const bodies = recordBodies('models');
    await renderApp('/models', 'sales');
    // The seed's 7 sellable models: Sales are offered no others (docs/design.md §8.8).
    expect(await screen.findByText('Showing 1 to 7 of 7 entries')).toBeInTheDocument();
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
    const { user, router } = await renderApp('/models?per_page=5&page=2', 'manager');
    await screen.findByText('Showing 6 to 10 of 12 entries');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'hsu-18');
    await expectFirstPageWith(router, { search: 'hsu-18' });
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
  });

  it('lets an admin filter by brand and series on the server, each choice in the URL', async () => {
    const bodies = recordBodies('models');
    const { user, router } = await renderApp('/models?per_page=5&page=2', 'admin');
    await screen.findByText('Showing 6 to 10 of 12 entries');
    const brand = screen.getByRole('combobox', { name: 'Brand' });
    await within(brand).findByRole('option', { name: 'Haier' });
    await user.selectOptions(brand, 'Haier');
    await expectFirstPageWith(router, { brandId: 2 });
    expect(await screen.findByText('Showing 1 to 5 of 5 entries')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ filters: { brandId: 2 }, page: 1 });

    const series = screen.getByRole('combobox', { name: 'Series' });
    expect(optionTexts(series)).toEqual(['All', 'Clean Cool', 'Thunder']);
    await user.selectOptions(series, 'Thunder');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ brandId: 2, seriesId: 4 }));
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ filters: { brandId: 2, seriesId: 4 } });
    expect(modelNames(screen.getByRole('table', { name: 'Models' }))).toEqual(['HSU-12HRT', 'HSU-18HRT']);
  });

  it('lets sales staff filter by brand and series on the server, from models/filter-options', async () => {
    const bodies = recordBodies('models');
    const optionCalls = recordBodies('models/filter-options');
    const brandCalls = recordBodies('brands/get-all-brands');
    const seriesCalls = recordBodies('series/get-all-series');
    const { user, router } = await renderApp('/models?per_page=2&page=2', 'sales');
    await screen.findByText('Showing 3 to 4 of 7 entries');
    const brand = screen.getByRole('combobox', { name: 'Brand' });
    // Every brand Sales can sell from, not only those of the rows on screen: not the inactive Orient.
    await within(brand).findByRole('option', { name: 'Haier' });
    expect(optionTexts(brand)).toEqual(['All', 'Gree', 'Haier']);
    const series = screen.getByRole('combobox', { name: 'Series' });
    expect(
      within(series)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Gree', 'Haier']);

    await user.selectOptions(brand, 'Gree');
    await expectFirstPageWith(router, { brandId: 1 });
    expect(await screen.findByText('Showing 1 to 2 of 4 entries')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ filters: { brandId: 1 }, page: 1, per_page: 2 });
    const table = screen.getByRole('table', { name: 'Models' });
    expect(modelNames(table)).toEqual(['GS-12FITH1W', 'GS-18FITH1W']);
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Showing 3 to 4 of 4 entries')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ filters: { brandId: 1 }, page: 2, per_page: 2 });

    expect(optionTexts(series)).toEqual(['All', 'Fairy', 'Pular']);
    await user.selectOptions(series, 'Pular');
    await expectFirstPageWith(router, { brandId: 1, seriesId: 2 });
    expect(await screen.findByText('Showing 1 to 1 of 1 entries')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ filters: { brandId: 1, seriesId: 2 }, page: 1, per_page: 2 });
    expect(modelNames(table)).toEqual(['GS-12PITH11G']);
    // Every request asked for one page of the page size: none for the whole catalogue.
    expect(bodies.every((body) => body.per_page === 2)).toBe(true);
    expect(optionCalls).toEqual([{}]);
    expect(brandCalls).toEqual([]);
    expect(seriesCalls).toEqual([]);
  });

  it("opens a manager's shared link with a brand id as it was, asking the server for that brand only", async () => {
    const bodies = recordBodies('models');
    const { user, router } = await renderApp('/models?brandId=3', 'manager');
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('3'));
    expect(modelNames(screen.getByRole('table', { name: 'Models' }))).toEqual(['OS-12UB', 'OS-18UB']);
    expect(bodies).toEqual([{ filters: { brandId: 3 }, page: 1, per_page: 500 }]);

    const series = screen.getByRole('combobox', { name: 'Series' });
    expect(optionTexts(series)).toEqual(['All', 'Ultron']);
    await user.selectOptions(series, 'Ultron');
    await expectFirstPageWith(router, { brandId: 3, seriesId: 5 });
    await waitFor(() => expect(bodies.at(-1)).toEqual({ filters: { brandId: 3, seriesId: 5 }, page: 1, per_page: 500 }));
  });

  it('ignores the brand and series names of older links', async () => {
    const bodies = recordBodies('models');
    await renderApp('/models?brand=Orient&series=Ultron', 'manager');
    expect(await screen.findByText('Showing 1 to 12 of 12 entries')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('');
    expect(bodies).toEqual([{ filters: {}, page: 1, per_page: 500 }]);
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
    await renderApp('/models', 'manager');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    release();
    expect(await screen.findByText('Showing 1 to 12 of 12 entries')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
