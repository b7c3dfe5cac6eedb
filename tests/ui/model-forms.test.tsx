import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { getStore } from '#mocks/store.ts';
import { renderApp } from './render-app.tsx';
import { FALLBACK, recordBodies } from './helpers.ts';

const field = (name: string) => screen.getByLabelText(name);
const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('add model screen', () => {
  it('shows the form to an admin', async () => {
    await renderApp('/models/add-new-model', 'admin');
    expect(await screen.findByRole('heading', { name: 'Add Model' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Dashboard>Models>Add Model');
    for (const label of ['Model Name', 'Capacity in KW', 'Price in Usd', 'Brand', 'Series']) expect(field(label)).toBeInTheDocument();
    expect(optionNames(field('Brand'))).toEqual(['Select brand', 'Gree', 'Haier', 'Orient']);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it.each(['manager', 'sales'] as const)('shows the fallback to %s', async (role) => {
    await renderApp('/models/add-new-model', role);
    expect(await screen.findByText(FALLBACK)).toBeInTheDocument();
    expect(screen.queryByLabelText('Model Name')).not.toBeInTheDocument();
  });

  it('asks for name, price, brand and series but not capacity', async () => {
    const bodies = recordBodies('models/add-model');
    const { user } = await renderApp('/models/add-new-model', 'admin');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter model name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter model price in usd.')).toBeInTheDocument();
    expect(screen.getByText('Please select brand.')).toBeInTheDocument();
    expect(screen.getByText('Please select series.')).toBeInTheDocument();
    expect(field('Capacity in KW')).not.toHaveAccessibleDescription();
    expect(bodies).toHaveLength(0);
  });

  it("offers the chosen brand's series and resets the series when the brand changes", async () => {
    const { user } = await renderApp('/models/add-new-model', 'admin');
    const brand = await screen.findByLabelText('Brand');
    const series = field('Series');
    expect(optionNames(series)).toEqual(['Select series']);
    await user.selectOptions(brand, 'Gree');
    await waitFor(() => expect(optionNames(series)).toEqual(['Select series', 'Fairy', 'Pular']));
    await user.selectOptions(series, 'Pular');
    expect(series).toHaveValue('2');
    await user.selectOptions(brand, 'Haier');
    await waitFor(() => expect(optionNames(series)).toEqual(['Select series', 'Clean Cool', 'Thunder']));
    expect(series).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please select series.')).toBeInTheDocument();
  });

  it('adds a model without capacity and clears the form', async () => {
    const bodies = recordBodies('models/add-model');
    const { user, queryClient } = await renderApp('/models/add-new-model', 'admin');
    queryClient.setQueryData(['models', 'list', { page: 1 }], { cached: true });
    await user.type(await screen.findByLabelText('Model Name'), 'GS-30NEW');
    await user.type(field('Price in Usd'), '999.5');
    await user.selectOptions(field('Brand'), 'Gree');
    await waitFor(() => expect(optionNames(field('Series'))).toContain('Pular'));
    await user.selectOptions(field('Series'), 'Pular');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Model added successfully.');
    expect(bodies).toEqual([{ modelName: 'GS-30NEW', modelCapacityKW: '', modelPriceUsd: '999.5', modelMinStock: '', modelSeriesId: '2' }]);
    // A blank minimum stock is none (0).
    expect(getStore().models.find((model) => model.name === 'GS-30NEW')).toMatchObject({
      seriesId: 2,
      capacityKw: null,
      priceUsd: 999.5,
      minStock: 0,
    });
    await waitFor(() => expect(field('Model Name')).toHaveValue(''));
    expect(field('Price in Usd')).toHaveValue(null);
    expect(field('Brand')).toHaveValue('');
    expect(field('Series')).toHaveValue('');
    expect(optionNames(field('Series'))).toEqual(['Select series']);
    expect(queryClient.getQueryState(['models', 'list', { page: 1 }])?.isInvalidated).toBe(true);
  });

  it("shows the server's 422 message under the model name", async () => {
    const { user } = await renderApp('/models/add-new-model', 'admin');
    await user.type(await screen.findByLabelText('Model Name'), 'GS-12FITH1W');
    await user.type(field('Capacity in KW'), '3.5');
    await user.type(field('Price in Usd'), '50');
    await user.selectOptions(field('Brand'), 'Gree');
    await waitFor(() => expect(optionNames(field('Series'))).toContain('Fairy'));
    await user.selectOptions(field('Series'), 'Fairy');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(field('Model Name')).toHaveAccessibleDescription('The model name has already been taken.'));
    // A refused add keeps what was typed.
    expect(field('Capacity in KW')).toHaveValue(3.5);
  });

  it('sends the Minimum Stock, and shows its 422 message under the field', async () => {
    const { user } = await renderApp('/models/add-new-model', 'admin');
    await user.type(await screen.findByLabelText('Model Name'), 'GS-40MIN');
    await user.type(field('Price in Usd'), '10');
    await user.type(field('Minimum Stock'), '1.5');
    await user.selectOptions(field('Brand'), 'Gree');
    await waitFor(() => expect(optionNames(field('Series'))).toContain('Pular'));
    await user.selectOptions(field('Series'), 'Pular');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(field('Minimum Stock')).toHaveAccessibleDescription('The minimum stock must be a whole number.'));
    await user.clear(field('Minimum Stock'));
    await user.type(field('Minimum Stock'), '12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Model added successfully.');
    expect(getStore().models.find((model) => model.name === 'GS-40MIN')).toMatchObject({ minStock: 12 });
  });

  it("shows 'Sever Error' when the server fails", async () => {
    server.use(
      http.post('*/api/models/add-model', () => HttpResponse.json({ responseMessage: 'boom', responseFlag: 'danger' }, { status: 500 })),
    );
    const { user } = await renderApp('/models/add-new-model', 'admin');
    await user.type(await screen.findByLabelText('Model Name'), 'GS-30NEW');
    await user.type(field('Price in Usd'), '10');
    await user.selectOptions(field('Brand'), 'Haier');
    await waitFor(() => expect(optionNames(field('Series'))).toContain('Thunder'));
    await user.selectOptions(field('Series'), 'Thunder');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sever Error. Please Contact Administration.');
    expect(field('Model Name')).toHaveValue('GS-30NEW');
  });
});

describe('edit model screen', () => {
  it("shows the model, pre-filled, under the screen's 'Edit Brand' title", async () => {
    await renderApp('/models/edit-model/10', 'admin');
    expect(await screen.findByRole('heading', { name: 'Edit Brand' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Dashboard>Models>Edit Brand');
    expect(field('Model Name')).toHaveValue('HSU-18HRT');
    expect(field('Capacity in KW')).toHaveValue(null);
    expect(field('Price in Usd')).toHaveValue(610.75);
    expect(field('Brand')).toHaveValue('2');
    expect(optionNames(field('Series'))).toEqual(['Select series', 'Clean Cool', 'Thunder']);
    expect(field('Series')).toHaveValue('4');
    expect(field('Status')).toHaveValue('1');
  });

  it.each(['manager', 'sales'] as const)('shows the fallback to %s', async (role) => {
    await renderApp('/models/edit-model/1', role);
    expect(await screen.findByText(FALLBACK)).toBeInTheDocument();
    expect(screen.queryByLabelText('Model Name')).not.toBeInTheDocument();
  });

  it('redirects a missing model to the dashboard', async () => {
    const { router } = await renderApp('/models/edit-model/9999', 'admin');
    await waitFor(() => expect(screen.getByText('WELCOME')).toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks for every field but capacity, and for the status', async () => {
    const bodies = recordBodies('models/update-model');
    const { user } = await renderApp('/models/edit-model/1', 'admin');
    await user.clear(await screen.findByLabelText('Model Name'));
    await user.clear(field('Price in Usd'));
    await user.clear(field('Capacity in KW'));
    await user.selectOptions(field('Brand'), '');
    await user.selectOptions(field('Status'), '');
    expect(field('Series')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter model name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter model price in usd.')).toBeInTheDocument();
    expect(screen.getByText('Please select brand.')).toBeInTheDocument();
    expect(screen.getByText('Please select series.')).toBeInTheDocument();
    expect(screen.getByText('Please select status.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('saves the changes, moving the model to another brand', async () => {
    const bodies = recordBodies('models/update-model');
    const { user } = await renderApp('/models/edit-model/1', 'admin');
    const price = await screen.findByLabelText('Price in Usd');
    await user.clear(price);
    await user.type(price, '55.25');
    // The stored minimum stock (mocks/seed.ts: 5) is shown and can be changed.
    expect(field('Minimum Stock')).toHaveValue(5);
    await user.clear(field('Minimum Stock'));
    await user.type(field('Minimum Stock'), '8');
    await user.selectOptions(field('Brand'), 'Haier');
    await waitFor(() => expect(optionNames(field('Series'))).toContain('Clean Cool'));
    await user.selectOptions(field('Series'), 'Clean Cool');
    await user.selectOptions(field('Status'), 'Inactive');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Model updated successfully.');
    expect(bodies).toEqual([
      {
        id: 1,
        version: 1,
        modelName: 'GS-12FITH1W',
        modelCapacityKW: '3.517',
        modelPriceUsd: '55.25',
        modelMinStock: '8',
        modelSeriesId: '3',
        modelIsActive: '0',
      },
    ]);
    expect(getStore().models.find((model) => model.id === 1)).toMatchObject({
      minStock: 8,
      seriesId: 3,
      priceUsd: 55.25,
      isActive: 0,
      capacityKw: 3.517,
    });
    // An edit form keeps what was saved.
    expect(field('Price in Usd')).toHaveValue(55.25);
  });
});

describe('a record changed by someone else', () => {
  it('refuses the save above the form and keeps what was typed', async () => {
    const { user } = await renderApp('/models/edit-model/1', 'admin');
    const price = await screen.findByLabelText('Price in Usd');
    // Another admin saves the same model after this screen loaded it.
    const model = getStore().models.find((row) => row.id === 1)!;
    model.priceUsd = 77;
    model.version = 2;
    await user.clear(price);
    await user.type(price, '55.25');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This record has been changed by someone else. Reload to see it.');
    expect(price).toHaveValue(55.25);
    expect(getStore().models.find((row) => row.id === 1)?.priceUsd).toBe(77);
  });
});
