import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { FALLBACK } from './helpers.ts';

// The screen's date format: the seeded ISO time, as a day-first local date string.
const shown = (iso: string) => new Date(iso).toLocaleString('en-GB');

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('model logs screen', () => {
  it.each(['admin', 'manager'] as const)('shows %s the model and its stock log, newest first, deductions with a minus', async (role) => {
    await renderApp('/models/log-model/1', role);
    expect(await screen.findByRole('heading', { name: 'Model Logs' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Dashboard>Models>Model Logs');
    expect(screen.getByLabelText('Model Name')).toHaveValue('GS-12FITH1W');
    expect(screen.getByLabelText('Brand')).toHaveValue('Gree');
    expect(screen.getByLabelText('Series')).toHaveValue('Fairy');
    expect(screen.getByLabelText('Capacity in KW')).toHaveValue('3.517');
    expect(screen.getByLabelText('Price in Usd')).toHaveValue('$50.00');
    expect(screen.getByLabelText('Quantity')).toHaveValue('26');
    expect(screen.getByLabelText('Model Name')).toHaveAttribute('readonly');

    const table = screen.getByRole('table', { name: 'Stock Logs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Quantity', 'User', 'Date', 'Note']);
    await waitFor(() =>
      expect(rowTexts(table)).toEqual([
        ['-4', 'Admin User', shown('2026-01-20T15:45:00.000Z'), 'Order #1042'],
        ['10', 'Manager User', shown('2026-01-12T11:00:00.000Z'), ''],
        ['20', 'Admin User', shown('2026-01-05T09:30:00.000Z'), ''],
      ]),
    );
    expect(screen.getByText('Showing 1 to 3 of 3 entries')).toBeInTheDocument();
  });

  it('shows a model without capacity as "-"', async () => {
    await renderApp('/models/log-model/10', 'admin');
    expect(await screen.findByLabelText('Capacity in KW')).toHaveValue('-');
    expect(await screen.findByText('No Record Found.')).toBeInTheDocument();
  });

  it('pages the log with ?page=', async () => {
    const { user, router } = await renderApp('/models/log-model/1?per_page=1&page=2', 'admin');
    const table = await screen.findByRole('table', { name: 'Stock Logs' });
    await waitFor(() => expect(rowTexts(table)).toEqual([['10', 'Manager User', shown('2026-01-12T11:00:00.000Z'), '']]));
    expect(screen.getByText('Showing 2 to 2 of 3 entries')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(rowTexts(table)).toEqual([['20', 'Admin User', shown('2026-01-05T09:30:00.000Z'), '']]));
    expect(router.state.location.search).toMatchObject({ page: 3 });
  });

  it('shows the fallback to sales', async () => {
    await renderApp('/models/log-model/1', 'sales');
    expect(await screen.findByText(FALLBACK)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('redirects a missing model to the dashboard', async () => {
    const { router } = await renderApp('/models/log-model/9999', 'manager');
    await waitFor(() => expect(screen.getByText('WELCOME')).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
  });
});
