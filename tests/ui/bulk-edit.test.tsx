import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { getStore } from '#mocks/store.ts';
import { recordBodies } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §8.4: an admin's bulk edit of the selected models or of every model the filters
// match: the fields, the preview, Apply, a refusal shown, and the question before closing.

const priceOf = (id: number) => getStore().models.find((model) => model.id === id)!.priceUsd;

describe('bulk edit on the models list', () => {
  it('edits the selected models: the preview shows each change, Apply writes them and says so', async () => {
    const sent = recordBodies('models/bulk-update');
    const { user } = await renderApp('/models', 'admin');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Gree Fairy GS-12FITH1W' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Gree Fairy GS-18FITH1W' }));
    await user.click(within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Edit selected' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit selected' });
    await user.selectOptions(within(dialog).getByLabelText('Price change'), 'By percent (%)');
    await user.type(within(dialog).getByLabelText('Value'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('list', { name: 'Summary' })).toHaveTextContent(/Update: 2.*Unchanged: 0.*Error: 0/);
    const table = within(dialog).getByRole('table');
    expect(within(table).getByText('Price USD: $50.00 → $52.00')).toBeInTheDocument();
    expect(within(table).getByText('Price USD: $725.50 → $754.52')).toBeInTheDocument();
    expect(priceOf(1)).toBe(50);

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('2 models updated.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
    expect([priceOf(1), priceOf(2)]).toEqual([52, 754.52]);
    expect(sent.at(-1)).toEqual({ ids: [1, 2], price: { mode: 'percent', value: '4' }, preview: 0 });
  });

  it('edits every model the filters match, and shows a refused apply under the value', async () => {
    const sent = recordBodies('models/bulk-update');
    const { user } = await renderApp('/models?brandId=2', 'admin');
    await user.click(await screen.findByRole('button', { name: 'Edit all 5 matching' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit all 5 matching' });
    await user.selectOptions(within(dialog).getByLabelText('Price change'), 'By amount (USD)');
    await user.type(within(dialog).getByLabelText('Value'), '-500');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('list', { name: 'Summary' })).toHaveTextContent(/Update: 3.*Error: 2/);
    expect(within(dialog).getAllByText('Price USD: The price must be greater than 0.')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Value')).toHaveAccessibleDescription('The price must be greater than 0.'));
    expect(priceOf(6)).toBe(498.99);
    expect(sent.at(-1)).toEqual({ filters: { brandId: 2 }, price: { mode: 'amount', value: '-500' }, preview: 0 });

    await user.selectOptions(within(dialog).getByLabelText('Price change'), 'Leave as it is');
    await user.clear(within(dialog).getByLabelText('Value'));
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Inactive');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('5 models updated.');
    expect(
      getStore()
        .models.filter((model) => model.seriesId === 3 || model.seriesId === 4)
        .every((model) => model.isActive === 0),
    ).toBe(true);
  });

  it('asks before closing with fields filled; Stay keeps them', async () => {
    const { user } = await renderApp('/models', 'admin');
    await user.click(await screen.findByRole('button', { name: /^Edit all \d+ matching$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Minimum Stock'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Leave without saving? Your changes will be lost.' });
    await user.click(within(question).getByRole('button', { name: 'Stay' }));
    expect(within(dialog).getByLabelText('Minimum Stock')).toHaveValue('3');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says plainly when Apply cannot reach the server, and keeps the dialog as it was', async () => {
    const { user } = await renderApp('/models', 'admin');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Gree Fairy GS-12FITH1W' }));
    await user.click(screen.getByRole('button', { name: 'Edit selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit selected' });
    await user.type(within(dialog).getByLabelText('Minimum Stock'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Minimum Stock: 5 → 4')).toBeInTheDocument();
    server.use(http.post('*/api/models/bulk-update', () => HttpResponse.error()));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The server cannot be reached. Please check your connection and try again.',
    );
    expect(within(dialog).getByLabelText('Minimum Stock')).toHaveValue('4');
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeEnabled();
    expect(getStore().models.find((model) => model.id === 1)!.minStock).toBe(5);
  });

  it('is not offered below admin', async () => {
    const { user } = await renderApp('/models', 'manager');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Gree Fairy GS-12FITH1W' }));
    expect(screen.getByRole('region', { name: 'Selection' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit selected' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit all/ })).not.toBeInTheDocument();
  });
});
