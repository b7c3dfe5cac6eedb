import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectFirstPageWith, FALLBACK } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// jsdom lays nothing out: the chart draws no lines here, so these tests read its frame and the table.

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Pricing History screen', () => {
  it('shows EXCH by default: the chart and the paged table of its changes, newest first', async () => {
    await renderApp('/variables/history', 'manager');
    expect(await screen.findByRole('heading', { name: 'Pricing History' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: /breadcrumb/i })).getByText('Pricing History')).toBeInTheDocument();
    expect(await screen.findByRole('figure', { name: 'EXCH over time' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Pricing History' });
    await waitFor(() => expect(cells(table)).toHaveLength(3));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Variable', 'Old Value', 'New Value', 'User', 'Date']);
    expect(cells(table).map((row) => row.slice(0, 4))).toEqual([
      ['EXCH', '282.05', '281.15', 'Manager User'],
      ['EXCH', '279.90', '282.05', 'Manager User'],
      ['EXCH', '278.40', '279.90', 'Admin User'],
    ]);
    expect(screen.getByText('Showing 1 to 3 of 3 entries')).toBeInTheDocument();
  });

  it('keeps the chosen variable in the URL', async () => {
    const { user, router } = await renderApp('/variables/history', 'admin');
    const table = await screen.findByRole('table', { name: 'Pricing History' });
    await user.selectOptions(screen.getByLabelText('Variable'), 'PROFIT');
    await expectFirstPageWith(router, { variable: 'profit' });
    await waitFor(() => expect(cells(table).map((row) => row.slice(0, 3))).toEqual([['PROFIT', '0.12', '0.15']]));
    expect(await screen.findByRole('figure', { name: 'PROFIT over time' })).toBeInTheDocument();
  });

  it('opens on the variable a link names', async () => {
    await renderApp('/variables/history?variable=fare', 'manager');
    expect(await screen.findByText('No changes of FARE yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Variable')).toHaveValue('fare');
    expect(await screen.findByText('No Record Found.')).toBeInTheDocument();
  });

  it('is reached by the History link beside the EXCH box', async () => {
    const { user, router } = await renderApp('/models', 'manager');
    await screen.findByRole('table', { name: 'Models' });
    await user.click(within(screen.getByRole('region', { name: 'Exchange rate' })).getByRole('link', { name: 'History' }));
    expect(await screen.findByRole('heading', { name: 'Pricing History' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/variables/history');
  });

  it('is reached by the History link on the Variables screen', async () => {
    const { user } = await renderApp('/variables', 'admin');
    await user.click(await screen.findByRole('link', { name: 'History' }));
    expect(await screen.findByRole('heading', { name: 'Pricing History' })).toBeInTheDocument();
  });

  it('shows the permission fallback to Sales', async () => {
    await renderApp('/variables/history', 'sales');
    expect(await screen.findByText(FALLBACK)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pricing History' })).not.toBeInTheDocument();
  });
});
