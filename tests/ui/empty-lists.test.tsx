import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { getStore } from '#mocks/store.ts';
import { tableData } from '#src/domain/paging.ts';
import { ImportPreviewTable } from '#src/features/import/import-preview.tsx';
import { renderApp, type Role } from './render-app.tsx';

// Every list, part and card that can be empty says so in the same words (docs/product.md §2): an
// empty answer from the server shows 'No Record Found.' in the table, never an empty or missing one.

const NO_RECORD = 'No Record Found.';

/** The call answers a page with no rows, as the server does for a search that matches nothing. */
function answerEmpty(call: string) {
  server.use(
    http.post(`*/api/${call}`, () => HttpResponse.json({ tableData: tableData(`/api/${call}`, { page: 1, per_page: 30 }, 0, []) })),
  );
}

const lists: { url: string; call: string; table: string; role: Role }[] = [
  { url: '/brands', call: 'brands', table: 'Brands', role: 'admin' },
  { url: '/series', call: 'series', table: 'Series', role: 'admin' },
  { url: '/users', call: 'users', table: 'Users', role: 'admin' },
  { url: '/models', call: 'models', table: 'Models', role: 'sales' },
  { url: '/models/log-model/1', call: 'models/model-logs', table: 'Stock Logs', role: 'manager' },
  { url: '/audit', call: 'audit', table: 'Audit Log', role: 'admin' },
  { url: '/variables/history', call: 'variables/history', table: 'Pricing History', role: 'manager' },
  { url: '/brands/edit-brand/1', call: 'audit', table: 'Changes of this record', role: 'admin' },
];

describe("'No Record Found.' in every empty list", () => {
  it.each(lists)('$url: the $table table', async ({ url, call, table, role }) => {
    answerEmpty(call);
    await renderApp(url, role);
    const shown = await screen.findByRole('table', { name: table });
    expect(await within(shown).findByText(NO_RECORD)).toBeInTheDocument();
  });

  it("the dashboard's low-stock and recent-moves cards", async () => {
    // A catalogue with no minimum stocks and no stock moves yet (the store is reset after each test).
    const store = getStore();
    for (const model of store.models) model.minStock = 0;
    store.stockLogs = [];
    await renderApp('/', 'manager');
    for (const card of ['Low Stock', 'Recent Stock Moves']) {
      const region = await screen.findByRole('region', { name: card });
      expect(within(region).getByRole('table')).toBeInTheDocument();
      expect(within(region).getByText(NO_RECORD)).toBeInTheDocument();
    }
  });

  it('the import preview of a file with a header and no rows', () => {
    render(<ImportPreviewTable preview={{ rows: [], summary: { create: 0, update: 0, unchanged: 0, error: 0 } }} />);
    const table = screen.getByRole('table', { name: 'Preview of the import' });
    expect(within(table).getByText(NO_RECORD)).toBeInTheDocument();
  });
});
