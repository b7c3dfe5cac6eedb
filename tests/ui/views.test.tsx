import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { getStore } from '#mocks/store.ts';
import type { MockView } from '#mocks/store-shape.ts';
import { modelHeaders, modelsTable, recordBodies } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §8.4 on the app's side: 'Views' and 'Columns' on the models, quotes and audit
// lists, the default view of a plain address, and the columns that follow to export.

const MANAGER = 2;
const SALES = 3;

const storeView = (view: Partial<MockView> & Pick<MockView, 'userId' | 'name'>) =>
  getStore().views.push({ id: getStore().views.length + 1, screen: 'models', search: '', columns: null, shared: 0, isDefault: 0, ...view });

const openViews = async (user: UserEvent) => {
  await user.click(screen.getByRole('button', { name: 'Views ▾' }));
  return screen.getByRole('group', { name: 'Views' });
};

const expectNoAxeViolations = async (container: HTMLElement) => {
  // jsdom draws nothing, so contrast is left to the browser journeys (tests/e2e).
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
};

describe('Columns', () => {
  it('hides a column on screen and in the URL, keeps one checked, and exports only what shows', async () => {
    const { user, router } = await renderApp('/models', 'sales');
    const table = await modelsTable();
    expect(modelHeaders(table)).toEqual(['Series', 'Model', 'Capacity-KW', 'Total']);
    await user.click(screen.getByRole('button', { name: 'Columns ▾' }));
    const group = screen.getByRole('group', { name: 'Columns' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')!.textContent),
    ).toEqual(['Series', 'Model', 'Capacity-KW', 'Total']);
    await user.click(within(group).getByRole('checkbox', { name: 'Capacity-KW' }));
    await waitFor(() => expect(modelHeaders(table)).toEqual(['Series', 'Model', 'Total']));
    expect(router.state.location.search).toMatchObject({ columns: ['Series', 'Model', 'Total'] });
    for (const title of ['Series', 'Model']) await user.click(within(group).getByRole('checkbox', { name: title }));
    // The last column shown cannot go.
    expect(within(group).getByRole('checkbox', { name: 'Total' })).toBeDisabled();
    await waitFor(() => expect(modelHeaders(table)).toEqual(['Total']));

    const exports = recordBodies('models/export');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0].columns).toEqual(['Total']);

    // Every column checked again is the list's plain address.
    await user.click(screen.getByRole('button', { name: 'Columns ▾' }));
    const again = screen.getByRole('group', { name: 'Columns' });
    for (const title of ['Series', 'Model', 'Capacity-KW']) await user.click(within(again).getByRole('checkbox', { name: title }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('columns'));
  });

  it('works by keyboard: Enter opens, Space checks, Escape closes and hands focus back', async () => {
    const { user } = await renderApp('/models', 'sales');
    await modelsTable();
    const button = screen.getByRole('button', { name: 'Columns ▾' });
    button.focus();
    await user.keyboard('{Enter}');
    const first = within(screen.getByRole('group', { name: 'Columns' })).getByRole('checkbox', { name: 'Series' });
    expect(first).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(first).not.toBeChecked());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Columns' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('Views', () => {
  it('saves the list as it is under a name, then lists it; Sales are not offered sharing', async () => {
    const { user } = await renderApp('/models?brandId=1&sort=price.desc&columns=%5B%22Model%22%2C%22Total%22%5D', 'sales');
    await screen.findByRole('table', { name: 'Models' });
    const saves = recordBodies('views/save');
    await user.click(within(await openViews(user)).getByRole('button', { name: 'Save view…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Shared' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Gree 1.5 ton');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Default' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('View saved successfully.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(saves[0]).toEqual({
      screen: 'models',
      name: 'Gree 1.5 ton',
      search: 'brandId=1&sort=price.desc',
      columns: ['Model', 'Total'],
      shared: 0,
      isDefault: 1,
    });
    const group = await openViews(user);
    expect(await within(group).findByRole('button', { name: 'Gree 1.5 ton (default)' })).toBeInTheDocument();
  });

  it('says a taken name under the field and keeps the dialog, and passes axe with it open', async () => {
    storeView({ userId: MANAGER, name: 'Low stock' });
    const { user, container } = await renderApp('/models', 'manager');
    await modelsTable();
    await user.click(within(await openViews(user)).getByRole('button', { name: 'Save view…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    expect(within(dialog).getByRole('checkbox', { name: 'Shared' })).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'low stock');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name has already been taken.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('low stock');
    await expectNoAxeViolations(container);
  });

  it('says a failed save inside the dialog and keeps what was typed', async () => {
    const { user } = await renderApp('/models', 'manager');
    await modelsTable();
    server.use(http.post('*/api/views/save', () => HttpResponse.error()));
    await user.click(within(await openViews(user)).getByRole('button', { name: 'Save view…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server cannot be reached.');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Mine');
  });

  it("applies a view: its search and columns, what no longer reads dropped; a manager's shared view shows Sales their own columns only", async () => {
    storeView({
      userId: MANAGER,
      name: 'Haier by price',
      search: 'brandId=2&sort=colour.asc&page=1',
      columns: ['Model', 'Price USD', 'Total', 'Quantity'],
      shared: 1,
    });
    const { user, router, container } = await renderApp('/models', 'sales');
    await modelsTable();
    const group = await openViews(user);
    await expectNoAxeViolations(container);
    await user.click(await within(group).findByRole('button', { name: 'Haier by price (shared by Manager User)' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ brandId: 2, columns: ['Model', 'Total'] }));
    const table = await screen.findByRole('table', { name: 'Models' });
    await waitFor(() => expect(modelHeaders(table)).toEqual(['Model', 'Total']));
    // Not Sales' own: no Set default, no Delete.
    const again = await openViews(user);
    expect(within(again).queryByRole('button', { name: /^(Set|Delete) / })).not.toBeInTheDocument();
  });

  it('sets a default and deletes an own view', async () => {
    storeView({ userId: SALES, name: 'First', isDefault: 1 });
    storeView({ userId: SALES, name: 'Second' });
    const { user } = await renderApp('/models', 'sales');
    await modelsTable();
    let group = await openViews(user);
    await user.click(await within(group).findByRole('button', { name: 'Set Second as default' }));
    expect(await screen.findByText('View saved successfully.')).toBeInTheDocument();
    await waitFor(() => expect(within(group).getByRole('button', { name: 'Second (default)' })).toBeInTheDocument());
    expect(within(group).getByRole('button', { name: 'First' })).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Delete First' }));
    expect(await screen.findByText('View deleted successfully.')).toBeInTheDocument();
    group = screen.getByRole('group', { name: 'Views' });
    await waitFor(() => expect(within(group).queryByRole('button', { name: 'First' })).not.toBeInTheDocument());
  });
});

describe('the default view', () => {
  it('opens with the plain address, and not when the address has a search of its own', async () => {
    storeView({ userId: SALES, name: 'Gree', search: 'brandId=1&size=%221.50%22', columns: ['Model', 'Total'], isDefault: 1 });
    const { router } = await renderApp('/models', 'sales');
    // The router reads `size=1.50` back as the number, which the route's schema writes as "1.50".
    await waitFor(() => expect(router.state.location.search).toEqual({ brandId: 1, size: 1.5, columns: ['Model', 'Total'] }));
    const table = await screen.findByRole('table', { name: 'Models' });
    await waitFor(() => expect(modelHeaders(table)).toEqual(['Model', 'Total']));

    const other = await renderApp('/models?brandId=2', 'sales');
    await waitFor(() => expect(other.router.state.location.search).toEqual({ brandId: 2 }));
  });

  it('drops what no longer reads and applies the rest, on the quotes and audit lists too', async () => {
    storeView({ userId: 1, name: 'Won', screen: 'quotes', search: 'status=won&colour=red', isDefault: 1 });
    storeView({
      userId: 1,
      name: 'Brands',
      screen: 'audit',
      search: 'entityType=brand&from=2026-02-30',
      columns: ['Date', 'Record'],
      isDefault: 1,
    });
    const quotes = await renderApp('/quotes', 'admin');
    await waitFor(() => expect(quotes.router.state.location.search).toEqual({ status: 'won' }));
    quotes.unmount();
    const audit = await renderApp('/audit', 'admin');
    await waitFor(() => expect(audit.router.state.location.search).toEqual({ entityType: 'brand', columns: ['Date', 'Record'] }));
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((header) => header.textContent),
      ).toEqual(['Date', 'Record']),
    );
  });
});
