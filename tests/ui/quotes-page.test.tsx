import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §8.1: the Quotes list and a quote's page, its actions by status and role.

const seeded = (createdBy: number, status: string, past = false) =>
  getStore().quotes.find((quote) => quote.createdBy === createdBy && quote.status === status && (quote.validUntil < '2000' || !past))!;

describe('the Quotes list', () => {
  it('is the last menu item, filters by status and searches, both in the URL', async () => {
    const { user, router } = await renderApp('/quotes', 'sales');
    const links = within(await screen.findByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(links.at(-1)).toHaveTextContent('Quotes');
    const table = await screen.findByRole('table', { name: 'Quotes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Label', 'Customer', 'Status', 'Valid until', 'Total', 'Created by', 'Created']);
    await user.selectOptions(screen.getByLabelText('Status'), 'Won');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'won' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Won');
  });
});

describe('a quote page', () => {
  it('sends a draft and shows the fixed rate line', async () => {
    const draft = seeded(3, 'draft');
    const { user } = await renderApp(`/quotes/${draft.id}`, 'sales');
    expect(await screen.findByText("Priced at today's rate: 1 USD = Rs 281.15")).toBeInTheDocument();
    expect(screen.queryByText(/In stock:/)).not.toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Edit', 'Send', 'PDF', 'Cancel']);
    await user.click(within(actions).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Quote sent successfully.');
    expect(await screen.findByText(/^Prices fixed at 1 USD = Rs 281.15 when sent on \d+ \w{3} \d{4}$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('lets a manager win with stock out and shows the stock; Sales are not offered it', async () => {
    const sent = getStore().quotes.find((quote) => quote.createdBy === 3 && quote.status === 'sent' && quote.revision === 1)!;
    const { user } = await renderApp(`/quotes/${sent.id}`, 'manager');
    expect((await screen.findAllByText(/^In stock: \d+$/)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Won' }));
    const dialog = screen.getByRole('dialog', { name: /as won\?$/ });
    await user.click(within(dialog).getByLabelText('Take the models out of stock'));
    await user.click(within(dialog).getByRole('button', { name: 'Won' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Quote marked as won.');
    expect(getStore().quotes.find((quote) => quote.id === sent.id)!.status).toBe('won');
  });

  it('offers Sales Won without the stock, and Lost with a reason under its field', async () => {
    const sent = getStore().quotes.find((quote) => quote.createdBy === 3 && quote.status === 'sent' && quote.revision === 1)!;
    const { user } = await renderApp(`/quotes/${sent.id}`, 'sales');
    await user.click(await screen.findByRole('button', { name: 'Won' }));
    expect(within(screen.getByRole('dialog')).queryByLabelText('Take the models out of stock')).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Lost' }));
    const dialog = screen.getByRole('dialog', { name: /as lost\?$/ });
    await user.click(within(dialog).getByRole('button', { name: 'Lost' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('The selected reason is invalid.'));
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'No reply');
    await user.click(within(dialog).getByRole('button', { name: 'Lost' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Quote marked as lost.');
  });
});
