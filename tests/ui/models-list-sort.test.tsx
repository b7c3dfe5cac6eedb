import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';
import { expectFirstPageWith, recordBodies } from './helpers.ts';

// docs/design.md §7.1: sortable headers (aria-sort, a button inside), the sort in the URL, page 1
// on a change, Sales sort their Total by `price`; the Export button downloads the server's file.

const columnTexts = (table: HTMLElement, index: number) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[index]?.textContent ?? '');
const amounts = (texts: string[]) => texts.map((text) => Number(text.replace(/[^\d.]/g, '')));
const header = (name: string) => screen.getByRole('columnheader', { name });

describe('models list sort', () => {
  it('cycles a Sales user’s Total ascending, descending and off, in the URL and aria-sort, asking the server by price', async () => {
    const bodies = recordBodies('models');
    const { user, router } = await renderApp('/models', 'sales');
    const table = await screen.findByRole('table', { name: 'Models' });
    // The seed's 7 sellable models: Sales are offered no others (docs/design.md §8.8).
    await screen.findByText('Showing 1 to 7 of 7 entries');
    expect(header('Total')).not.toHaveAttribute('aria-sort');

    await user.click(within(header('Total')).getByRole('button', { name: 'Total' }));
    await expectFirstPageWith(router, { sort: 'price.asc' });
    await waitFor(() => expect(header('Total')).toHaveAttribute('aria-sort', 'ascending'));
    expect(bodies.at(-1)).toMatchObject({ sort: 'price.asc' });
    await waitFor(() => {
      const totals = amounts(columnTexts(table, 4));
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
    });

    await user.click(within(header('Total')).getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(header('Total')).toHaveAttribute('aria-sort', 'descending'));
    expect(router.state.location.search).toMatchObject({ sort: 'price.desc' });
    await waitFor(() => {
      const totals = amounts(columnTexts(table, 4));
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
    });

    await user.click(within(header('Total')).getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(router.state.location.search.sort).toBeUndefined());
    expect(header('Total')).not.toHaveAttribute('aria-sort');
    // Off is the list's own order again (its first answer, from the cache).
    expect(bodies[0]).not.toHaveProperty('sort');
  });

  it('goes back to page 1 when the sort changes, and offers no stock sort to Sales', async () => {
    const { user, router } = await renderApp('/models?per_page=5&page=2', 'manager');
    await screen.findByText('Showing 6 to 10 of 12 entries');
    await user.click(within(header('Quantity')).getByRole('button'));
    await expectFirstPageWith(router, { sort: 'quantity.asc' });
    expect(await screen.findByText('Showing 1 to 5 of 12 entries')).toBeInTheDocument();
  });

  it('opens a sorted link as sorted', async () => {
    const bodies = recordBodies('models');
    await renderApp('/models?sort=model.desc', 'admin');
    await screen.findByText('Showing 1 to 12 of 12 entries');
    expect(header('Model')).toHaveAttribute('aria-sort', 'descending');
    expect(bodies[0]).toMatchObject({ sort: 'model.desc' });
  });

  it('drops a sort it does not know', async () => {
    const bodies = recordBodies('models');
    await renderApp('/models?sort=status.asc', 'admin');
    await screen.findByText('Showing 1 to 12 of 12 entries');
    expect(bodies[0]).not.toHaveProperty('sort');
  });
});

describe('models list export', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads what the list shows under the server’s file name', async () => {
    const bodies = recordBodies('models/export');
    const saved: { name: string; blob?: Blob }[] = [];
    let lastBlob: Blob | undefined;
    URL.createObjectURL = (blob: Blob) => {
      lastBlob = blob;
      return 'blob:export';
    };
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: lastBlob });
    });

    const { user } = await renderApp('/models?sort=price.desc&search=gs-1', 'sales');
    await screen.findByText('Showing 1 to 3 of 3 entries');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(bodies).toEqual([{ filters: { search: 'gs-1' }, sort: 'price.desc' }]);
    expect(saved[0]!.name).toMatch(/^models-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = new Uint8Array(await saved[0]!.blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('Brand,Series,Model,Capacity-KW,Total');
    const table = screen.getByRole('table', { name: 'Models' });
    // The rows in the screen's order, Total without grouping.
    expect(lines.slice(1, -1).map((line) => line.split(',')[2])).toEqual(columnTexts(table, 2));
    expect(lines.slice(1, -1).map((line) => Number(line.split(',')[4]))).toEqual(amounts(columnTexts(table, 4)));
  });
});
