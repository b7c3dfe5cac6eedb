import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { modelHeaders, modelsTable } from './helpers.ts';
import { renderApp, type Role } from './render-app.tsx';

// The seed's variables: tr 3.517, exch 281.15, fare 0.05, duties 0.20, profit 0.15.

/** A row's cells by column header. */
function rowOf(table: HTMLElement, modelName: string): Record<string, string> {
  const row = within(table).getByText(modelName).closest('tr');
  if (!row) throw new Error(`no row for ${modelName}`);
  const cells = within(row)
    .getAllByRole('cell')
    .slice(1)
    .map((cell) => cell.textContent ?? '');
  return Object.fromEntries(modelHeaders(table).map((header, index) => [header ?? '', cells[index] ?? '']));
}

describe('models list columns', () => {
  it('shows an admin every column in order, the add link and the EXCH box', async () => {
    await renderApp('/models', 'admin');
    const table = await modelsTable();
    expect(modelHeaders(table)).toEqual([
      'Series',
      'Model',
      'Capacity-KW',
      'Capacity-TR',
      'Price USD',
      'Price PKR',
      'Fare',
      'Duties',
      'Cost',
      'Profit',
      'Total',
      'Quantity',
      'Status',
      'Actions',
    ]);
    expect(screen.getByRole('heading', { name: 'Models List' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Model' })).toHaveAttribute('href', '/models/add-new-model');
    expect(screen.getByRole('textbox', { name: 'EXCH' })).toBeInTheDocument();
    const actions = within(table).getByText('GS-18FITH1W').closest('tr') as HTMLElement;
    expect(within(actions).getByRole('link', { name: 'Logs' })).toHaveAttribute('href', '/models/log-model/2');
    expect(within(actions).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/models/edit-model/2');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByText('Models')).toHaveAttribute('aria-current', 'page');
  });

  it('shows a manager the total, quantity and logs, and the EXCH box, but no prices, status, edit or add link', async () => {
    await renderApp('/models', 'manager');
    const table = await modelsTable();
    expect(modelHeaders(table)).toEqual(['Series', 'Model', 'Capacity-KW', 'Total', 'Quantity', 'Actions']);
    expect(within(table).getAllByRole('link', { name: 'Logs' })).toHaveLength(12);
    expect(within(table).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Model' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'EXCH' })).toBeInTheDocument();
    expect(rowOf(table, 'GS-12FITH1W')).toEqual({
      Series: 'Fairy',
      Model: 'GS-12FITH1W',
      'Capacity-KW': '3.517',
      Total: '20,209',
      Quantity: '26',
      Actions: 'Logs',
    });
  });

  it('shows sales staff series, model, capacity and total only, with no EXCH box and no add link', async () => {
    await renderApp('/models', 'sales');
    const table = await modelsTable();
    expect(modelHeaders(table)).toEqual(['Series', 'Model', 'Capacity-KW', 'Total']);
    expect(within(table).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'EXCH' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Model' })).not.toBeInTheDocument();
    expect(rowOf(table, 'GS-18FITH1W')).toEqual({ Series: '', Model: 'GS-18FITH1W', 'Capacity-KW': '5.275', Total: '2,93,213' });
  });

  it.each<Role>(['admin', 'manager', 'sales'])('lets %s reach the screen, never the fallback', async (role) => {
    await renderApp('/models', role);
    await modelsTable();
    expect(screen.queryByText("You didn't have permission to perform this action.")).not.toBeInTheDocument();
  });

  it('works out every figure of a row exactly, the half-way PKR rounding up', async () => {
    await renderApp('/models', 'admin');
    const table = await modelsTable();
    // 50 × 281.15 = 14,057.5 → 14,058; fare 702.9 → 703; duties 2,811.6 → 2,812;
    // cost 17,573; profit 2,635.95 → 2,636; total 20,209. 3.517 kW ÷ 3.517 = 1.00 TR.
    expect(rowOf(table, 'GS-12FITH1W')).toEqual({
      Series: 'Fairy',
      Model: 'GS-12FITH1W',
      'Capacity-KW': '3.517',
      'Capacity-TR': '1.00',
      'Price USD': '$50.00',
      'Price PKR': '14,058',
      Fare: '703',
      Duties: '2,812',
      Cost: '17,573',
      Profit: '2,636',
      Total: '20,209',
      Quantity: '26',
      Status: 'Active',
      Actions: 'LogsEdit',
    });
    // 725.5 × 281.15 = 2,03,974.325 → 2,03,974; fare 10,198.7 → 10,199; duties 40,794.8 → 40,795;
    // cost 2,54,968; profit 38,245.2 → 38,245; total 2,93,213. 5.275 ÷ 3.517 = 1.4998… → 1.50.
    expect(rowOf(table, 'GS-18FITH1W')).toMatchObject({
      'Capacity-TR': '1.50',
      'Price USD': '$725.50',
      'Price PKR': '2,03,974',
      Fare: '10,199',
      Duties: '40,795',
      Cost: '2,54,968',
      Profit: '38,245',
      Total: '2,93,213',
    });
    expect(rowOf(table, 'GS-18PITH11G').Status).toBe('Inactive');
  });

  it('groups crores and lakhs, for prices and quantities', async () => {
    const model = getStore().models.find((row) => row.id === 3);
    if (!model) throw new Error('seed changed');
    Object.assign(model, { priceUsd: 99_999.99, quantity: 123_456 });
    await renderApp('/models', 'admin');
    // 99,999.99 × 281.15 = 2,81,14,997.1885 → 2,81,14,997; fare 14,05,749.85 → 14,05,750;
    // duties 56,22,999.4 → 56,22,999; cost 3,51,43,746; profit 52,71,561.9 → 52,71,562.
    expect(rowOf(await modelsTable(), 'GS-24FITH1W')).toMatchObject({
      'Price USD': '$99,999.99',
      'Price PKR': '2,81,14,997',
      Fare: '14,05,750',
      Duties: '56,22,999',
      Cost: '3,51,43,746',
      Profit: '52,71,562',
      Total: '4,04,15,308',
      Quantity: '1,23,456',
    });
  });

  it('follows the variables the server gives', async () => {
    getStore().variables = { tr: '3.5', exch: '300', fare: '0.10', duties: '0.25', profit: '0.20' };
    await renderApp('/models', 'admin');
    const table = await modelsTable();
    // 540.25 × 300 = 1,62,075; fare 16,207.5 → 16,208; duties 40,518.75 → 40,519; cost 2,18,802;
    // profit 43,760.4 → 43,760; total 2,62,562. TR: 3.5 ÷ 3.5 = 1.00, 3.52 ÷ 3.5 = 1.0057… → 1.01.
    expect(rowOf(table, 'GS-12PITH11G')).toMatchObject({
      'Capacity-TR': '1.00',
      'Price USD': '$540.25',
      'Price PKR': '1,62,075',
      Fare: '16,208',
      Duties: '40,519',
      Cost: '2,18,802',
      Profit: '43,760',
      Total: '2,62,562',
    });
    expect(rowOf(table, 'HSU-12HFCAC')['Capacity-TR']).toBe('1.01');
  });

  it("shows '-' for a model without capacity, in kW and in TR", async () => {
    await renderApp('/models', 'admin');
    expect(rowOf(await modelsTable(), 'HSU-18HRT')).toMatchObject({ 'Capacity-KW': '-', 'Capacity-TR': '-', 'Price USD': '$610.75' });
  });

  it('shows each series once per run, and again where the next brand has a series of the same name', async () => {
    const haierSeries = getStore().series.find((series) => series.id === 3);
    if (!haierSeries) throw new Error('seed changed');
    haierSeries.name = 'Pular';
    // A manager: Sales are not offered the inactive series and brand of the last rows.
    await renderApp('/models', 'manager');
    const table = await modelsTable();
    const seriesCells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(seriesCells).toEqual(['Fairy', '', '', 'Pular', '', 'Pular', '', '', 'Thunder', '', 'Ultron', '']);
    expect(within(table).getAllByText('Pular')[1]).toHaveAttribute('title', 'Brand: Haier');
  });
});
