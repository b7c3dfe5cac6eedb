import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { expectFirstPageWith, recordBodies } from './helpers.ts';

// docs/design.md §7.3 on the models list: 'Low' beside a quantity at or below its minimum stock,
// and the 'Low stock only' filter in the URL, both for level 2. mocks/seed.ts: GS-18FITH1W (15 of 20)
// and GS-12PITH11G (8 of 10) are low; GS-12FITH1W (26 of 5) is not.

const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

describe('low stock on the models list', () => {
  it.each(['admin', 'manager'] as const)('shows %s the Low badge beside low quantities only', async (role) => {
    await renderApp('/models', role);
    await screen.findByRole('cell', { name: 'GS-18FITH1W' });
    expect(within(rowOf('GS-18FITH1W')).getByText('Low')).toBeInTheDocument();
    expect(within(rowOf('GS-12PITH11G')).getByText('Low')).toBeInTheDocument();
    expect(within(rowOf('GS-12FITH1W')).queryByText('Low')).not.toBeInTheDocument();
    expect(screen.getAllByText('Low')).toHaveLength(2);
  });

  it('filters by low stock with the checkbox, kept in the URL, back to page 1', async () => {
    const bodies = recordBodies('models');
    const { user, router } = await renderApp('/models?per_page=5&page=2', 'manager');
    const box = await screen.findByRole('checkbox', { name: 'Low stock only' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await expectFirstPageWith(router, { lowStock: 1 });
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ filters: { lowStock: 1 }, page: 1, per_page: 5 });
    expect(screen.getByRole('checkbox', { name: 'Low stock only' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Low stock only' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('lowStock'));
    expect(await screen.findByText('Showing 1 to 5 of 12 entries')).toBeInTheDocument();
  });

  it('opens ?lowStock=1 filtered', async () => {
    await renderApp('/models?lowStock=1', 'admin');
    expect(await screen.findByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Low stock only' })).toBeChecked();
  });

  it('gives sales neither badge nor checkbox, and ignores a shared ?lowStock=1 rather than failing', async () => {
    const bodies = recordBodies('models');
    await renderApp('/models?lowStock=1', 'sales');
    expect(await screen.findByText('Showing 1 to 7 of 7 entries')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Low stock only' })).not.toBeInTheDocument();
    expect(screen.queryByText('Low')).not.toBeInTheDocument();
    expect(bodies.every((body) => !('lowStock' in body.filters))).toBe(true);
  });
});
