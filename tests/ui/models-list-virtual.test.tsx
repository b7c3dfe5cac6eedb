import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getStore, nextId } from '#mocks/store.ts';
import { ROW_HEIGHT } from '#src/components/data-table/virtual-rows.tsx';
import { formatLakh } from '#src/domain/format.ts';
import { computePrices } from '#src/domain/prices.ts';
import { recordBodies } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// jsdom has no layout, but it has a window of 1024 × 768: the page is the virtual table's
// scroller, so the rows that fit in it (and a few either side) are rendered, as in a browser.

const EXTRA = 3000;
const ON_SCREEN = Math.ceil(768 / ROW_HEIGHT);

/** Adds models to the first seeded series, named so they sort after its own, each at its own price. */
function addModels(count: number) {
  const store = getStore();
  const seriesId = store.models[0]!.seriesId;
  const first = nextId(store.models);
  for (let i = 0; i < count; i += 1) {
    store.models.push({
      id: first + i,
      seriesId,
      name: `ZZ-${String(i).padStart(5, '0')}`,
      capacityKw: 3.517,
      priceUsd: 100 + i / 100,
      quantity: 0,
      isActive: 1,
    });
  }
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');

/** The Price PKR the rendered row must show at this rate, from the store's USD price. */
function expectedPkr(modelName: string, exch: string) {
  const model = getStore().models.find((candidate) => candidate.name === modelName)!;
  return formatLakh(computePrices(model.priceUsd, { ...getStore().variables, exch }).pkr);
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

describe('models list with many rows', () => {
  it('renders only the rows on screen, tells their place, and scrolls through all of them', async () => {
    addModels(EXTRA);
    const total = getStore().models.length;
    await renderApp('/models?per_page=all', 'admin');
    expect(await screen.findByText(`Showing 1 to ${total} of ${total} entries`)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Models' });
    expect(table).toHaveAttribute('aria-rowcount', String(total + 1));

    const rows = bodyRows(table);
    expect(rows.length).toBeGreaterThan(768 / ROW_HEIGHT);
    // The rows on screen and four below (the DOM's size is the EXCH repaint's cost, issue 37).
    expect(rows.length).toBeLessThanOrEqual(ON_SCREEN + 4);
    expect(rows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(within(table).getByText('GS-12FITH1W')).toBeInTheDocument();

    Object.defineProperty(window, 'scrollY', { value: 2000 * ROW_HEIGHT, configurable: true });
    fireEvent.scroll(window);
    await waitFor(() => expect(within(table).queryByText('GS-12FITH1W')).not.toBeInTheDocument());
    const shown = bodyRows(table);
    const indexes = shown.map((row) => Number(row.getAttribute('aria-rowindex')));
    expect(indexes).toContain(2002);
    expect(indexes).toEqual(indexes.map((_, at) => indexes[0]! + at));
    // Four either side, and one cut by each edge of the screen.
    expect(shown.length).toBeLessThanOrEqual(ON_SCREEN + 2 * 4 + 1);
  });

  it('reprices the rows on screen after an EXCH update, without fetching the models again', async () => {
    addModels(EXTRA);
    const bodies = recordBodies('models');
    const { user } = await renderApp('/models?per_page=all', 'admin');
    const table = await screen.findByRole('table', { name: 'Models' });
    await within(table).findByText('GS-12FITH1W');
    const calls = bodies.length;
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const pkrAt = headers.indexOf('Price PKR');
    const modelAt = headers.indexOf('Model');

    const exch = screen.getByRole('textbox', { name: 'EXCH' });
    await user.clear(exch);
    await user.type(exch, '300');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(cellsOf(bodyRows(table)[0]!)[pkrAt]).toBe(expectedPkr(cellsOf(bodyRows(table)[0]!)[modelAt]!, '300')));
    for (const row of bodyRows(table)) {
      const cells = cellsOf(row);
      expect(cells[pkrAt]).toBe(expectedPkr(cells[modelAt]!, '300'));
    }
    expect(bodies.length).toBe(calls);
  });
});
