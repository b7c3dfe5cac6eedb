import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { getStore } from '#mocks/store.ts';
import { computePrices } from '#src/domain/prices.ts';
import { formatLakh } from '#src/domain/format.ts';
import { renderApp } from './render-app.tsx';

/** Counts the calls to one API path, then lets each go on to the mock that answers it. */
function countCalls(path: string) {
  const counter = { calls: 0 };
  server.use(
    http.post(`*/api/${path}`, () => {
      counter.calls += 1;
    }),
  );
  return counter;
}

async function modelsTable() {
  const table = await screen.findByRole('table', { name: 'Models' });
  await within(table).findByText('GS-12FITH1W');
  return table;
}

/** Each model's figures in a column, by model name. */
function column(table: HTMLElement, header: string): Record<string, string> {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const at = headers.indexOf(header);
  const modelAt = headers.indexOf('Model');
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent ?? ''),
      )
      .map((cells) => [cells[modelAt], cells[at]]),
  );
}

/** What every model's figure must be at these variables, from the store's own USD prices. */
function expected(field: 'pkr' | 'total', exch: string): Record<string, string> {
  const vars = { ...getStore().variables, exch };
  return Object.fromEntries(getStore().models.map((model) => [model.name, formatLakh(computePrices(model.priceUsd, vars)[field])]));
}

describe('models list EXCH box', () => {
  it('shows the current rate, and a new one reprices every row from the cached rows', async () => {
    const models = countCalls('models');
    const { user } = await renderApp('/models', 'admin');
    const table = await modelsTable();
    const exch = screen.getByRole('textbox', { name: 'EXCH' });
    expect(exch).toHaveValue('281.15');
    expect(column(table, 'Price PKR')).toEqual(expected('pkr', '281.15'));
    expect(models.calls).toBe(1);

    await user.clear(exch);
    await user.type(exch, '300');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Exchange rate updated successfully.');
    expect(getStore().variables.exch).toBe('300');
    // 50 × 300 = 15,000; fare 750; duties 3,000; cost 18,750; profit 2,812.5 → 2,813; total 21,563.
    await waitFor(() => expect(column(table, 'Price PKR')['GS-12FITH1W']).toBe('15,000'));
    for (const [header, figure] of [
      ['Fare', '750'],
      ['Duties', '3,000'],
      ['Cost', '18,750'],
      ['Profit', '2,813'],
      ['Total', '21,563'],
    ]) {
      expect(column(table, header as string)['GS-12FITH1W']).toBe(figure);
    }
    expect(column(table, 'Price PKR')).toEqual(expected('pkr', '300'));
    expect(column(table, 'Total')).toEqual(expected('total', '300'));
    expect(column(table, 'Price USD')['GS-12FITH1W']).toBe('$50.00');
    expect(models.calls).toBe(1);
  });

  it("reprices a manager's totals too", async () => {
    const models = countCalls('models');
    const { user } = await renderApp('/models', 'manager');
    const table = await modelsTable();
    const exch = screen.getByRole('textbox', { name: 'EXCH' });
    await user.clear(exch);
    await user.type(exch, ' 300.5 ');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    // 50 × 300.5 = 15,025; fare 751.25 → 751; duties 3,005; cost 18,781; profit 2,817.15 → 2,817.
    await waitFor(() => expect(column(table, 'Total')['GS-12FITH1W']).toBe('21,598'));
    expect(column(table, 'Total')).toEqual(expected('total', '300.5'));
    expect(models.calls).toBe(1);
  });

  it("asks for a rate before sending anything: 'Please enter exch.'", async () => {
    const updates = countCalls('variables/update-exch');
    const { user } = await renderApp('/models', 'admin');
    await modelsTable();
    const exch = screen.getByRole('textbox', { name: 'EXCH' });
    await user.clear(exch);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Please enter exch.')).toBeInTheDocument();
    expect(exch).toHaveAccessibleDescription('Please enter exch.');
    expect(updates.calls).toBe(0);
  });

  // docs/design.md §8.9: the probe's EXCH of 0.0000000001 made every Total 0.
  it('puts a rate outside 1 to 100000 under the EXCH input, changing no price', async () => {
    const { user } = await renderApp('/models', 'admin');
    const table = await modelsTable();
    const exch = screen.getByRole('textbox', { name: 'EXCH' });
    await user.clear(exch);
    await user.type(exch, '0.0000000001');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The EXCH must be between 1 and 100000.')).toBeInTheDocument();
    expect(exch).toHaveAccessibleDescription('The EXCH must be between 1 and 100000.');
    expect(column(table, 'Price PKR')['GS-12FITH1W']).toBe('14,058');
    expect(getStore().variables.exch).toBe('281.15');
  });

  it("puts the server's 422 under the EXCH input and leaves the prices as they were", async () => {
    const { user } = await renderApp('/models', 'admin');
    const table = await modelsTable();
    const exch = screen.getByRole('textbox', { name: 'EXCH' });
    await user.clear(exch);
    await user.type(exch, 'abc');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The exch must be a number greater than 0.')).toBeInTheDocument();
    expect(exch).toHaveAccessibleDescription('The exch must be a number greater than 0.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(column(table, 'Price PKR')['GS-12FITH1W']).toBe('14,058');
    expect(getStore().variables.exch).toBe('281.15');
  });

  it("shows 'Sever Error…' when the server fails", async () => {
    server.use(
      http.post(
        '*/api/variables/update-exch',
        () => new Response(JSON.stringify({ responseMessage: 'boom', responseFlag: 'danger' }), { status: 500 }),
      ),
    );
    const { user } = await renderApp('/models', 'admin');
    await modelsTable();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sever Error. Please Contact Administration.');
  });
});
