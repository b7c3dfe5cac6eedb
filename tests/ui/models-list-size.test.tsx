import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';
import { recordBodies } from './helpers.ts';

// docs/design.md §8.8: the models list's 'Size' select beside Brand and Series, kept as `?size=1.50`.
// At the seed's TR (3.517) its models are 1, 1.5 and 2 tons; Sales' 1.5-ton ones are GS-18FITH1W and HSU-18HFCAC.

const modelNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent);

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the models list by size', () => {
  it('offers the sizes in tons, filters on the server and keeps the choice in the URL as ?size=1.50', async () => {
    const bodies = recordBodies('models');
    const { user, history } = await renderApp('/models?per_page=5&page=2', 'sales');
    await screen.findByText('Showing 6 to 7 of 7 entries');
    const size = screen.getByRole('combobox', { name: 'Size' });
    await within(size).findByRole('option', { name: '1.5 ton' });
    expect(optionTexts(size)).toEqual(['All', '1 ton', '1.5 ton', '2 ton']);

    await user.selectOptions(size, '1.5 ton');
    // Back at page 1; the router reads the URL's 1.50 as a number, which the route's schema writes as "1.50" again.
    await waitFor(() => expect(history.location.search).toBe('?per_page=5&size=1.50'));
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ filters: { size: '1.50' }, page: 1, per_page: 5 });
    expect(modelNames(screen.getByRole('table', { name: 'Models' }))).toEqual(['GS-18FITH1W', 'HSU-18HFCAC']);
    expect(screen.getByTestId('print-line')).toHaveTextContent('Size: 1.5 ton');

    await user.selectOptions(size, 'All');
    await waitFor(() => expect(history.location.search).toBe('?per_page=5'));
    expect(await screen.findByText('Showing 1 to 5 of 7 entries')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ filters: {}, page: 1, per_page: 5 });
  });

  it('opens a shared ?size=1.50 as it was, with the brand, and exports what it shows', async () => {
    const bodies = recordBodies('models');
    const exports = recordBodies('models/export');
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await renderApp('/models?brandId=2&size=1.50', 'manager');
    expect(await screen.findByText('Showing 1 to 1 of 1 entries')).toBeInTheDocument();
    expect(bodies).toEqual([{ filters: { brandId: 2, size: '1.50' }, page: 1, per_page: 500 }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Size' })).toHaveValue('1.50'));
    expect(modelNames(screen.getByRole('table', { name: 'Models' }))).toEqual(['HSU-18HFCAC']);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(exports).toEqual([{ filters: { brandId: 2, size: '1.50' } }]));
  });

  it('drops a size no quarter ton is, rather than failing the list', async () => {
    const bodies = recordBodies('models');
    await renderApp('/models?size=1.3', 'admin');
    expect(await screen.findByText('Showing 1 to 12 of 12 entries')).toBeInTheDocument();
    expect(bodies).toEqual([{ filters: {}, page: 1, per_page: 500 }]);
  });
});
