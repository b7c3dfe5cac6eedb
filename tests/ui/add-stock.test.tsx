import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '#mocks/node.ts';
import { getStore } from '#mocks/store.ts';
import { renderApp } from './render-app.tsx';
import { FALLBACK, pickModel, recordBodies } from './helpers.ts';

const CONFIRM = 'Are you sure you want to add stock?';

const answerConfirm = (answer: boolean) => vi.spyOn(window, 'confirm').mockReturnValue(answer);

afterEach(() => vi.restoreAllMocks());

async function openAsAdmin() {
  const view = await renderApp('/models/add-stock', 'admin');
  const model = await screen.findByRole('combobox', { name: 'Model' });
  const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
  const fill = async (modelLabel: string | null, amount: string) => {
    if (modelLabel) await pickModel(view.user, model, modelLabel);
    if (amount) await view.user.type(quantity, amount);
    await view.user.click(screen.getByRole('button', { name: 'Submit' }));
  };
  return { ...view, model, quantity, fill };
}

describe('add stock screen', () => {
  it.each(['admin', 'manager'] as const)('shows the form to %s with models labelled by series, under their brand', async (role) => {
    const { user } = await renderApp('/models/add-stock', role);
    const model = await screen.findByRole('combobox', { name: 'Model' });
    await user.click(model);
    const list = screen.getByRole('listbox', { name: 'Model' });
    expect(within(list).getByRole('group', { name: 'Gree' })).toContainElement(screen.getByRole('option', { name: 'GS-12FITH1W (Fairy)' }));
    expect(within(list).getByRole('group', { name: 'Haier' })).toContainElement(
      screen.getByRole('option', { name: 'HSU-18HRT (Thunder)' }),
    );
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb).toHaveTextContent('Dashboard>Add Stock');
    expect(within(breadcrumb).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
  });

  it('shows the fallback to sales', async () => {
    await renderApp('/models/add-stock', 'sales');
    expect(await screen.findByText(FALLBACK)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Model' })).not.toBeInTheDocument();
  });

  it('asks for a model and a quantity before asking to confirm', async () => {
    const confirm = answerConfirm(true);
    const { fill } = await openAsAdmin();
    await fill(null, '');
    expect(await screen.findByText('Please enter quantity.')).toBeInTheDocument();
    expect(screen.getByText('Please select model.')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
  });

  it.each([
    ['1.5', 'Please enter integer value.'],
    ['0', 'Please enter value greater than 0.'],
    ['-3', 'Please enter value greater than 0.'],
  ])('refuses the quantity %s', async (amount, message) => {
    const confirm = answerConfirm(true);
    const { fill, quantity } = await openAsAdmin();
    await fill('GS-12FITH1W (Fairy)', amount);
    await waitFor(() => expect(quantity).toHaveAccessibleDescription(message));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('sends nothing when the confirm is declined', async () => {
    const confirm = answerConfirm(false);
    const bodies = recordBodies('models/add-stock');
    const { fill, quantity } = await openAsAdmin();
    await fill('GS-12FITH1W (Fairy)', '5');
    expect(confirm).toHaveBeenCalledWith(CONFIRM);
    expect(bodies).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(quantity).toHaveValue(5);
    expect(getStore().models.find((row) => row.id === 1)?.quantity).toBe(26);
  });

  it('adds the stock once confirmed, clears the form and refreshes the models', async () => {
    const confirm = answerConfirm(true);
    const bodies = recordBodies('models/add-stock');
    const { fill, model, quantity, user, queryClient } = await openAsAdmin();
    // A models list page and this model's detail, as their screens would have cached them.
    queryClient.setQueryData(['models', 'list', { page: 1 }], { cached: true });
    queryClient.setQueryData(['models', 'detail', 1], { cached: true });
    await fill('GS-12FITH1W (Fairy)', '5');
    expect(confirm).toHaveBeenCalledWith(CONFIRM);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Stock added successfully.');
    expect(alert.className).toContain('emerald');
    expect(bodies).toEqual([{ id: 1, modelQuantity: 5, note: '' }]);
    expect(getStore().models.find((row) => row.id === 1)?.quantity).toBe(31);
    await waitFor(() => expect(quantity).toHaveValue(null));
    expect(model).toHaveValue('');
    expect(queryClient.getQueryState(['models', 'list', { page: 1 }])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['models', 'detail', 1])?.isInvalidated).toBe(true);

    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's 422 message under the quantity", async () => {
    answerConfirm(true);
    const { fill, quantity } = await openAsAdmin();
    await fill('GS-12FITH1W (Fairy)', '2000000');
    await waitFor(() => expect(quantity).toHaveAccessibleDescription('Please enter value up to 1000000.'));
    expect(getStore().models.find((row) => row.id === 1)?.quantity).toBe(26);
  });

  it("shows the server's 422 message under the model", async () => {
    answerConfirm(true);
    server.use(
      http.post('*/api/models/add-stock', () =>
        HttpResponse.json({ message: 'The given data was invalid.', errors: { id: ['The selected model is invalid.'] } }, { status: 422 }),
      ),
    );
    const { fill, model } = await openAsAdmin();
    await fill('OS-12UB (Ultron)', '2');
    await waitFor(() => expect(model).toHaveAccessibleDescription('The selected model is invalid.'));
  });

  it("shows 'Sever Error' when the server fails", async () => {
    answerConfirm(true);
    server.use(
      http.post('*/api/models/add-stock', () => HttpResponse.json({ responseMessage: 'boom', responseFlag: 'danger' }, { status: 500 })),
    );
    const { fill } = await openAsAdmin();
    await fill('GS-12FITH1W (Fairy)', '5');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sever Error. Please Contact Administration.');
    expect(alert.className).toContain('red');
  });
});
