import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { recordBodies } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §8.1: select rows of the models list, Add to quote, the tray, Create quote.
// tests/ui/setup.ts empties the selection and the tray after each test.

describe('the quote tray', () => {
  it('takes the selected rows, keeps them in sessionStorage, and creates the quote from the customer step', async () => {
    const sent = recordBodies('quotes/create');
    const { user, router } = await renderApp('/models', 'sales');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Gree Fairy GS-12FITH1W' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Gree Fairy GS-18FITH1W' }));
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Add to quote' }));

    const tray = await screen.findByRole('dialog', { name: 'Quote tray' });
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
    const qty = within(tray).getByLabelText('Quantity of Gree Fairy GS-12FITH1W');
    await user.clear(qty);
    await user.type(qty, '3');
    expect(JSON.parse(sessionStorage.getItem('quote-tray')!).lines[0]).toMatchObject({ qty: '3' });
    await user.click(within(tray).getByRole('button', { name: 'Remove Gree Fairy GS-18FITH1W' }));
    expect(within(tray).queryByLabelText('Quantity of Gree Fairy GS-18FITH1W')).not.toBeInTheDocument();

    await user.click(within(tray).getByRole('button', { name: 'Create quote' }));
    expect(within(tray).getByLabelText('Valid until')).not.toHaveValue('');
    await user.click(within(tray).getByRole('button', { name: 'Create quote' }));
    await waitFor(() => expect(within(tray).getByLabelText('Customer name')).toHaveAccessibleDescription('Please enter customer name.'));
    await user.type(within(tray).getByLabelText('Customer name'), 'Ali Traders');
    await user.type(within(tray).getByLabelText('Phone'), '0300 1234567');
    await user.click(within(tray).getByRole('button', { name: 'Create quote' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/quotes\/\d+$/));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ customerName: 'Ali Traders', lines: [{ modelId: 1, qty: 3, discountPerUnit: 0 }] });
    expect(sessionStorage.getItem('quote-tray')).toBeNull();
    expect(await screen.findByText(/Priced at today's rate: 1 USD = Rs 281.15/)).toBeInTheDocument();
    expect(getStore().quotes.at(-1)).toMatchObject({ customerPhone: '+923001234567', lines: [{ modelId: 1, qty: 3 }] });
  });

  it("shows a line's 422 under that line's field", async () => {
    const { user } = await renderApp('/models', 'sales');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Gree Fairy GS-12FITH1W' }));
    await user.click(screen.getByRole('button', { name: 'Add to quote' }));
    const tray = await screen.findByRole('dialog', { name: 'Quote tray' });
    const discount = within(tray).getByLabelText('Discount per unit of Gree Fairy GS-12FITH1W');
    await user.clear(discount);
    await user.type(discount, '15000');
    await user.click(within(tray).getByRole('button', { name: 'Create quote' }));
    await user.type(within(tray).getByLabelText('Customer name'), 'Ali');
    await user.click(within(tray).getByRole('button', { name: 'Create quote' }));
    await waitFor(() => expect(discount).toHaveAccessibleDescription('This discount is more than you may give.'));
  });

  it('selects the whole page with one checkbox', async () => {
    const { user } = await renderApp('/models', 'manager');
    await user.click(await screen.findByRole('checkbox', { name: 'Select every model on this page' }));
    expect(screen.getByRole('region', { name: 'Selection' })).toHaveTextContent(`${getStore().models.length} selected`);
  });
});
