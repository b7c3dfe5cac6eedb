import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';
import { recordBodies } from './helpers.ts';

// docs/design.md §8.8: Add Stock's and Remove Stock's model picker is a searchable list, and Model
// Logs opens those screens with its model picked (?modelId=).

afterEach(() => vi.restoreAllMocks());

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

async function openPicker(url = '/models/add-stock', role: 'admin' | 'manager' = 'manager') {
  const view = await renderApp(url, role);
  const model = await screen.findByRole('combobox', { name: 'Model' });
  return { ...view, model };
}

describe('the stock screens’ model picker', () => {
  it('lists every model under its brand once opened, and is closed at first', async () => {
    const { user, model } = await openPicker();
    expect(model).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.click(model);
    expect(model).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Model' });
    expect(model).toHaveAttribute('aria-controls', list.id);
    expect(optionNames()).toHaveLength(12);
    expect(
      within(list)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-label')),
    ).toEqual(['Gree', 'Haier', 'Orient']);
  });

  it.each([
    [
      'a brand, in any case',
      'hAIER',
      ['HSU-12HFCAC (Clean Cool)', 'HSU-18HFCAC (Clean Cool)', 'HSU-24HFCAC (Clean Cool)', 'HSU-12HRT (Thunder)', 'HSU-18HRT (Thunder)'],
    ],
    ['a series', 'Clean', ['HSU-12HFCAC (Clean Cool)', 'HSU-18HFCAC (Clean Cool)', 'HSU-24HFCAC (Clean Cool)']],
    ['part of a model name', '12fith', ['GS-12FITH1W (Fairy)']],
    ['words of brand and model together', 'gree 18', ['GS-18FITH1W (Fairy)', 'GS-18PITH11G (Pular)']],
  ])('narrows the list to what matches %s', async (_what, typed, expected) => {
    const { user, model } = await openPicker();
    await user.type(model, typed);
    expect(optionNames()).toEqual(expected);
  });

  it('says so when nothing matches, and picks nothing', async () => {
    const { user, model } = await openPicker();
    await user.type(model, 'no such model');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(model).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('No model matches.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please select model.')).toBeInTheDocument();
  });

  it('is worked by the keyboard: the arrows move, Enter picks without sending, Escape closes', async () => {
    const bodies = recordBodies('models/add-stock');
    const { user, model } = await openPicker();
    await user.type(model, 'thunder');
    // Typing marks the first match; the arrows walk the shown options.
    const marked = () => document.getElementById(model.getAttribute('aria-activedescendant') ?? '');
    expect(marked()).toHaveTextContent('HSU-12HRT (Thunder)');
    await user.keyboard('{ArrowDown}');
    expect(marked()).toHaveTextContent('HSU-18HRT (Thunder)');
    expect(marked()).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(marked()).toHaveTextContent('HSU-18HRT (Thunder)');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(model).toHaveValue('HSU-12HRT (Thunder)');
    expect(model).toHaveAttribute('aria-expanded', 'false');
    expect(bodies).toEqual([]);

    // Reopened, the list shows every model again, at the picked one; Escape closes it and keeps the pick.
    await user.keyboard('{ArrowDown}');
    expect(optionNames()).toHaveLength(12);
    expect(marked()).toHaveTextContent('HSU-12HRT (Thunder)');
    await user.keyboard('{Escape}');
    expect(model).toHaveAttribute('aria-expanded', 'false');
    expect(model).toHaveValue('HSU-12HRT (Thunder)');
  });

  it('sends the picked model; typing again drops the pick', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const bodies = recordBodies('models/add-stock');
    const { user, model } = await openPicker();
    await user.type(model, 'pular');
    await user.click(screen.getByRole('option', { name: 'GS-12PITH11G (Pular)' }));
    await user.type(model, 'x');
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '2');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please select model.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(model);
    await user.type(model, 'HSU-18HRT');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Stock added successfully.');
    expect(bodies).toEqual([{ id: 10, modelQuantity: 2, note: '' }]);
  });
});

describe('?modelId= on the stock screens', () => {
  it('opens Remove Stock with the model picked and its stock shown', async () => {
    await openPicker('/models/remove-stock?modelId=1');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('GS-12FITH1W (Fairy)');
    expect(await screen.findByText(/Current stock/)).toHaveTextContent('Current stock: 26');
  });

  it('sends the model it opened with, and keeps it picked after the save', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const bodies = recordBodies('models/add-stock');
    const { user, model } = await openPicker('/models/add-stock?modelId=2');
    await user.type(screen.getByRole('spinbutton', { name: 'Quantity' }), '3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Stock added successfully.');
    expect(bodies).toEqual([{ id: 2, modelQuantity: 3, note: '' }]);
    expect(model).toHaveValue('GS-18FITH1W (Fairy)');
  });

  it.each(['999', 'abc', '-1', '1.5'])('leaves the picker empty for ?modelId=%s', async (id) => {
    await openPicker(`/models/remove-stock?modelId=${id}`);
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('');
    expect(screen.queryByText(/Current stock/)).not.toBeInTheDocument();
  });
});

describe('Model Logs’ stock links', () => {
  it.each(['admin', 'manager'] as const)('offer %s Add Stock and Remove Stock for the model', async (role) => {
    await renderApp('/models/log-model/2', role);
    // The screen's own links, beside the menu's plain ones.
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('link', { name: 'Add Stock' })).toHaveAttribute('href', '/models/add-stock?modelId=2');
    expect(main.getByRole('link', { name: 'Remove Stock' })).toHaveAttribute('href', '/models/remove-stock?modelId=2');
  });

  it('open Remove Stock with the model picked', async () => {
    const { user, router } = await renderApp('/models/log-model/1', 'manager');
    await user.click(await within(await screen.findByRole('main')).findByRole('link', { name: 'Remove Stock' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/models/remove-stock'));
    expect(await screen.findByRole('combobox', { name: 'Model' })).toHaveValue('GS-12FITH1W (Fairy)');
    expect(await screen.findByText(/Current stock/)).toHaveTextContent('Current stock: 26');
  });
});
