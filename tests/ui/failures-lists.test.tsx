import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '#mocks/node.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §7.7 for lists: a failed call keeps the rows shown with a status line and Retry,
// never 'No Record Found.' and never an alert; rows being replaced make the table busy.

const COULD_NOT_LOAD = 'Could not load the latest data.';

async function brandsTable() {
  const table = await screen.findByRole('table', { name: 'Brands' });
  await within(table).findByText('Gree');
  return table;
}

describe('a list whose call fails', () => {
  it('keeps the rows it showed, says so under the table, and Retry brings the new rows', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = await renderApp('/brands', 'admin');
    const table = await brandsTable();
    server.use(http.post('*/api/brands', () => HttpResponse.error()));
    await router.navigate({ to: '/brands', search: { search: 'Gree', page: 1, per_page: 30 } });

    const line = await screen.findByText(COULD_NOT_LOAD);
    expect(line.closest('[role="status"]')).not.toBeNull();
    expect(within(table).getByText('Gree')).toBeInTheDocument();
    expect(screen.queryByText('No Record Found.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    server.resetHandlers();
    await screen.findByRole('button', { name: 'Retry' }).then((retry) => retry.click());
    await waitFor(() => expect(screen.queryByText(COULD_NOT_LOAD)).not.toBeInTheDocument());
    expect(within(table).getByText('Gree')).toBeInTheDocument();
    expect(screen.getByText(/Showing 1 to 1 of 1 entries/)).toBeInTheDocument();
    logged.mockRestore();
  });

  it('shows neither rows nor No Record Found. when the first call fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/api/models', () => HttpResponse.error()));
    await renderApp('/models', 'admin');
    expect(await screen.findByText(COULD_NOT_LOAD)).toBeInTheDocument();
    expect(screen.queryByText('No Record Found.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    logged.mockRestore();
  });

  // The same on every list: the Audit Log and Pricing History too.
  it.each([
    { url: '/audit', call: 'audit' },
    { url: '/variables/history', call: 'variables/history' },
  ])('says so on $url as on the other lists', async ({ url, call }) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(`*/api/${call}`, () => HttpResponse.error()));
    await renderApp(url, 'admin');
    expect(await screen.findByText(COULD_NOT_LOAD)).toBeInTheDocument();
    expect(screen.queryByText('No Record Found.')).not.toBeInTheDocument();
    logged.mockRestore();
  });
});

describe('a list whose rows are being replaced', () => {
  it('is aria-busy with the spinner over the old rows while the answer is awaited, and not once the rows arrive', async () => {
    const { router } = await renderApp('/brands', 'admin');
    const table = await brandsTable();
    expect(table).not.toHaveAttribute('aria-busy');
    // The answer waits for the test, not for a clock: the busy state must show while it is held.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/brands', async () => {
        await released;
      }),
    );
    void router.navigate({ to: '/brands', search: { search: 'Gr', page: 1, per_page: 30 } });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'true'));
    expect(within(table.parentElement!).getByRole('status')).toHaveTextContent('Loading');
    expect(within(table).getByText('Gree')).toBeInTheDocument();
    release();
    await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
  });
});

describe('the models list at a desk', () => {
  it('right-aligns number columns and pins the row actions (column meta)', async () => {
    await renderApp('/models', 'admin');
    const table = await screen.findByRole('table', { name: 'Models' });
    await within(table).findByText('GS-12FITH1W');
    for (const name of ['Price USD', 'Total', 'Quantity', 'Capacity-KW']) {
      expect(within(table).getByRole('columnheader', { name })).toHaveClass('text-right');
    }
    expect(within(table).getByRole('columnheader', { name: 'Model' })).not.toHaveClass('text-right');
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toHaveClass('sticky', 'right-0');
    expect(table.querySelector('thead')).toHaveClass('sticky', 'top-0');
  });
});
