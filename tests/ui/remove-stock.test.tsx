import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { renderApp } from './render-app.tsx';
import { FALLBACK, pickModel, recordBodies } from './helpers.ts';

// docs/design.md §7.3: Remove Stock, as Add Stock, with the current stock and its own question.
const CONFIRM = 'Are you sure you want to remove stock?';

const answerConfirm = (answer: boolean) => vi.spyOn(window, 'confirm').mockReturnValue(answer);
afterEach(() => vi.restoreAllMocks());

async function open(role: 'admin' | 'manager' = 'manager') {
  const view = await renderApp('/models/remove-stock', role);
  const model = await screen.findByRole('combobox', { name: 'Model' });
  const fill = async (modelLabel: string, amount: string, note = '') => {
    await pickModel(view.user, model, modelLabel);
    await view.user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), amount);
    if (note) await view.user.type(screen.getByRole('textbox', { name: 'Note' }), note);
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
  };
  return { ...view, model, fill };
}

describe('remove stock screen', () => {
  it('shows the title, the breadcrumb and the picked model’s current stock', async () => {
    const { user, model } = await open();
    expect(screen.getByRole('heading', { name: 'Remove Stock' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Dashboard>Remove Stock');
    expect(screen.queryByText(/Current stock/)).not.toBeInTheDocument();
    // mocks/seed.ts: GS-12FITH1W has 20 + 10 − 4 = 26.
    await pickModel(user, model, 'GS-12FITH1W (Fairy)');
    expect(await screen.findByText(/Current stock/)).toHaveTextContent('Current stock: 26');
    await pickModel(user, model, 'HSU-12HFCAC (Clean Cool)');
    await waitFor(() => expect(screen.getByText(/Current stock/)).toHaveTextContent('Current stock: 25'));
  });

  it('asks before removing, and sends nothing when cancelled', async () => {
    const confirm = answerConfirm(false);
    const bodies = recordBodies('models/remove-stock');
    const { fill } = await open();
    await fill('GS-12FITH1W (Fairy)', '3');
    expect(confirm).toHaveBeenCalledWith(CONFIRM);
    expect(bodies).toEqual([]);
    expect(getStore().models.find((row) => row.id === 1)?.quantity).toBe(26);
  });

  it('removes the stock with its note once confirmed, and shows the new stock', async () => {
    answerConfirm(true);
    const bodies = recordBodies('models/remove-stock');
    const { fill, user, model } = await open('admin');
    await fill('GS-12FITH1W (Fairy)', '6', 'Order #9');
    expect(await screen.findByRole('alert')).toHaveTextContent('Stock removed successfully.');
    expect(bodies).toEqual([{ id: 1, modelQuantity: 6, note: 'Order #9' }]);
    expect(getStore().models.find((row) => row.id === 1)?.quantity).toBe(20);
    expect(getStore().stockLogs.at(-1)).toMatchObject({ modelId: 1, quantity: 6, quantityType: 2, note: 'Order #9' });
    await pickModel(user, model, 'GS-12FITH1W (Fairy)');
    expect(await screen.findByText(/Current stock/)).toHaveTextContent('Current stock: 20');
  });

  it("shows the server's 422 naming the stock under Quantity, and changes nothing", async () => {
    answerConfirm(true);
    const { fill } = await open();
    await fill('GS-12FITH1W (Fairy)', '27');
    await waitFor(() =>
      expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveAccessibleDescription(
        'The quantity may not be greater than the stock (26).',
      ),
    );
    expect(getStore().models.find((row) => row.id === 1)?.quantity).toBe(26);
  });

  it('shows the fallback to sales', async () => {
    await renderApp('/models/remove-stock', 'sales');
    expect(await screen.findByText(FALLBACK)).toBeInTheDocument();
  });

  it('gives Add Stock the note field too; the menu lists Remove Stock right after it', async () => {
    answerConfirm(true);
    const bodies = recordBodies('models/add-stock');
    const { user } = await renderApp('/models/add-stock', 'manager');
    await pickModel(user, await screen.findByRole('combobox', { name: 'Model' }), 'GS-12FITH1W (Fairy)');
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'PO 12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Stock added successfully.');
    expect(bodies).toEqual([{ id: 1, modelQuantity: 2, note: 'PO 12' }]);
    expect(screen.queryByText(/Current stock/)).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Add Stock', 'Remove Stock', 'Models', 'Pricing History', 'Quotes']);
  });
});
