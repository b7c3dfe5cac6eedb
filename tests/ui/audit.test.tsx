import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import type { AuditEntry } from '#src/contract/audit.ts';
import type { StoredAuditEntry } from '#mocks/store-shape.ts';
import { describeAdminOnlyScreens, expectFirstPageWith } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §7.2: the Audit Log screen (admin), its filters in the URL, and each record's
// entries under its edit form.

describeAdminOnlyScreens('audit', [{ url: '/audit', title: 'Audit Log' }]);

/** Entries written into the mock store, as earlier writes would have left them. */
function given(...entries: Partial<StoredAuditEntry>[]) {
  for (const entry of entries) {
    const log = getStore().auditLog;
    log.push({
      id: log.length + 1,
      userId: 2,
      userName: 'Manager User',
      action: 'brand.update',
      entityType: 'brand',
      entityId: 1,
      entityName: 'Gree',
      changes: {},
      createdAt: '2026-01-05T10:00:00.000Z',
      ...entry,
    });
  }
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Audit Log', () => {
  it('lists entries newest first with date, user, action, record and each change as Title: old → new', async () => {
    given(
      { action: 'brand.update', changes: { brandName: ['Gre', 'Gree'], brandIsActive: [1, 0] }, createdAt: '2026-01-05T10:00:00.000Z' },
      {
        action: 'variables.update',
        entityType: 'variables',
        entityId: null,
        entityName: 'Variables',
        changes: { exch: ['280', '281.15'] },
        createdAt: '2026-01-06T10:00:00.000Z',
      },
    );
    await renderApp('/audit?action=brand.update', 'admin');
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    for (const header of ['Date', 'User', 'Action', 'Record', 'Changes']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = (await within(table).findByRole('cell', { name: 'brand.update' })).closest('tr') as HTMLElement;
    expect(cellsOf(row).slice(1)).toEqual([
      'Manager User',
      'brand.update',
      'Gree (brand #1)',
      'Brand Name: Gre → GreeStatus: Active → Inactive',
    ]);
    expect(within(row).getByText('Brand Name: Gre → Gree')).toBeInTheDocument();
    // The action filter came from the URL: the variables entry is not shown.
    expect(within(table).queryByText('EXCH: 280 → 281.15')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Action')).toHaveValue('brand.update');
  });

  it('keeps each filter in the URL and sends it to the server', async () => {
    given(
      { action: 'brand.update', createdAt: '2026-01-05T10:00:00.000Z' },
      { action: 'stock.add', entityType: 'model', entityName: 'GS-12', createdAt: '2026-02-01T09:00:00.000Z' },
    );
    const { user, router } = await renderApp('/audit', 'admin');
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    expect(await within(table).findByText('stock.add')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Record type'), 'model');
    await expectFirstPageWith(router, { entityType: 'model' });
    await waitFor(() => expect(within(table).queryByText('brand.update')).not.toBeInTheDocument());
    expect(within(table).getByText('stock.add')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Record type'), '');
    await user.type(screen.getByLabelText('To'), '31/01/2026');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ to: '2026-01-31' }));
    await waitFor(() => expect(within(table).queryByText('stock.add')).not.toBeInTheDocument());
    expect(within(table).getAllByText('brand.update').length).toBeGreaterThan(0);

    await user.selectOptions(await screen.findByRole('combobox', { name: 'User' }), 'Manager User (manager)');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ userId: 2 }));
  });
});

describe('the Audit Log reads as the screens do (docs/design.md §8.8)', () => {
  it('names fields by their titles and records by their names, prices with two decimals, images as thumbnails, a stock move with its note', async () => {
    given(
      {
        action: 'model.update',
        entityType: 'model',
        entityName: 'GS-12',
        changes: { modelPriceUsd: [612.5, 640], modelSeriesId: [2, 1], modelCapacityKW: [3.5, 3.52] },
      },
      {
        action: 'series.update',
        entityType: 'series',
        entityName: 'Fairy',
        changes: { seriesImage: ['/storage/old.png', '/storage/new.png'] },
      },
      {
        action: 'stock.remove',
        entityType: 'model',
        entityName: 'GS-12',
        changes: { modelQuantity: [30, 26], note: [null, 'Order 1187'] },
      },
    );
    await renderApp('/audit', 'admin');
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    expect(await within(table).findByText('Price USD: 612.50 → 640.00')).toBeInTheDocument();
    expect(within(table).getByText('Series: Pular → Fairy')).toBeInTheDocument();
    expect(within(table).getByText('Capacity-KW: 3.5 → 3.52')).toBeInTheDocument();
    expect(within(table).getByRole('img', { name: 'old image' })).toHaveAttribute('src', '/storage/old.png');
    expect(within(table).getByRole('img', { name: 'new image' })).toHaveAttribute('src', '/storage/new.png');
    expect(within(table).queryByText(/\/storage\//)).not.toBeInTheDocument();
    expect(within(table).getByText('Quantity: 30 → 26')).toBeInTheDocument();
    expect(within(table).getByText('Note: Order 1187')).toBeInTheDocument();
  });

  it('leaves sign-ins and sign-outs out unless the action filter asks for them', async () => {
    given(
      { action: 'auth.login', entityType: 'user', entityId: 2, entityName: 'Manager User' },
      { action: 'auth.logout', entityType: 'user', entityId: 2, entityName: 'Manager User' },
      { action: 'brand.update', changes: { brandName: ['Gre', 'Gree'] } },
    );
    const { user } = await renderApp('/audit', 'admin');
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    expect(await within(table).findByText('brand.update')).toBeInTheDocument();
    expect(within(table).queryByText('auth.login')).not.toBeInTheDocument();
    expect(within(table).queryByText('auth.logout')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Action'), 'auth.login');
    expect(await within(table).findAllByText('auth.login')).not.toHaveLength(0);
  });

  it('takes its days as dd/mm/yyyy, keeps them in the URL as ISO days, and says when a day is bad', async () => {
    given(
      { action: 'brand.update', createdAt: '2026-01-05T10:00:00.000Z' },
      { action: 'stock.add', entityType: 'model', entityName: 'GS-12', createdAt: '2026-02-01T09:00:00.000Z' },
    );
    const { user, router } = await renderApp('/audit?to=2026-01-31', 'admin');
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    const to = screen.getByLabelText('To');
    expect(to).toHaveValue('31/01/2026');
    expect(await within(table).findByText('brand.update')).toBeInTheDocument();
    expect(within(table).queryByText('stock.add')).not.toBeInTheDocument();

    const from = screen.getByLabelText('From');
    await user.type(from, '01/02/2026');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ from: '2026-02-01', to: '2026-01-31' }));

    await user.clear(from);
    await user.type(from, '30/02/2026');
    await user.tab();
    expect(from).toHaveAccessibleDescription('Enter the date as dd/mm/yyyy, for example 31/01/2026.');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    // The bad day is not sent: the clearing took the filter away, and nothing replaced it.
    expect(router.state.location.search).not.toHaveProperty('from');

    await user.clear(to);
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('to'));
    expect(await within(table).findByText('stock.add')).toBeInTheDocument();
  });
});

describe("a record's entries under its edit form", () => {
  it('Edit Brand shows the brand’s own entries, and its save appears there at once', async () => {
    given(
      { entityId: 1, changes: { brandIsActive: [0, 1] } },
      { entityId: 2, entityName: 'Haier', changes: { brandName: ['Hair', 'Haier'] } },
    );
    const { user } = await renderApp('/brands/edit-brand/1', 'admin');
    const changes = await screen.findByRole('table', { name: 'Changes of this record' });
    expect(await within(changes).findByText('Status: Inactive → Active')).toBeInTheDocument();
    expect(within(changes).queryByText('Brand Name: Hair → Haier')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All in the Audit Log' })).toHaveAttribute('href', expect.stringContaining('entityId=1'));

    const name = screen.getByLabelText('Brand Name');
    await user.clear(name);
    await user.type(name, 'Gree Two');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(changes).findByText(/^Brand Name: .+ → Gree Two$/)).toBeInTheDocument();
    const newest = within(changes).getAllByRole('row')[1]!;
    expect(cellsOf(newest).slice(1, 3)).toEqual(['Admin User', 'brand.update']);
  });

  it.each([
    ['/models/edit-model/1', 'model'],
    ['/series/edit-series/1', 'series'],
    ['/users/edit-user/2', 'user'],
  ])('%s shows its record’s entries', async (url, entityType) => {
    given({
      action: `${entityType}.update` as AuditEntry['action'],
      entityType: entityType as AuditEntry['entityType'],
      entityId: url.endsWith('/2') ? 2 : 1,
      changes: { marker: ['a', 'b'] },
    });
    await renderApp(url, 'admin');
    const changes = await screen.findByRole('table', { name: 'Changes of this record' });
    expect(await within(changes).findByText('marker: a → b')).toBeInTheDocument();
  });
});

describe('stamps in the Audit Log (docs/design.md §8.2)', () => {
  it('shows a printed sheet’s stamp as any entry, found by its record type, with no link to a record screen', async () => {
    given(
      {
        action: 'stamp.create',
        entityType: 'stamp',
        entityId: 1,
        entityName: '8F3KQ2MX',
        userId: 3,
        userName: 'Sales User',
        changes: { stampRef: [null, '8F3KQ2MX'], stampModels: [null, 7] },
      },
      { action: 'brand.update', changes: { brandName: ['Gre', 'Gree'] } },
    );
    const { user, router } = await renderApp('/audit', 'admin');
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    await within(table).findByText('brand.update');
    await user.selectOptions(screen.getByLabelText('Record type'), 'stamp');
    await expectFirstPageWith(router, { entityType: 'stamp' });
    await waitFor(() => expect(within(table).queryByText('brand.update')).not.toBeInTheDocument());
    const row = within(table).getByRole('cell', { name: 'stamp.create' }).closest('tr') as HTMLElement;
    expect(cellsOf(row).slice(1)).toEqual([
      'Sales User',
      'stamp.create',
      '8F3KQ2MX (stamp #1)',
      'Ref: (none) → 8F3KQ2MXModels on the sheet: (none) → 7',
    ]);
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(within(screen.getByLabelText('Action')).getByRole('option', { name: 'stamp.create' })).toBeInTheDocument();
  });
});
