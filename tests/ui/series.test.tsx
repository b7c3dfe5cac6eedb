import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { renderApp } from './render-app.tsx';
import { describeAdminOnlyScreens } from './helpers.ts';

const screens = [
  { url: '/series', title: 'Series List' },
  { url: '/series/add-new-series', title: 'Add Series' },
  { url: '/series/edit-series/1', title: 'Edit Series' },
];

describeAdminOnlyScreens('series', screens);

describe('series list', () => {
  it('shows name, image, brand, status with its dot text, edit and the add icon', async () => {
    await renderApp('/series', 'admin');
    const table = await screen.findByRole('table', { name: 'Series' });
    for (const header of ['Name', 'Image', 'Brand', 'Status', 'Edit']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const fairy = (await within(table).findByRole('cell', { name: 'Fairy' })).closest('tr') as HTMLElement;
    expect(within(fairy).getByRole('img', { name: 'Fairy series' })).toBeInTheDocument();
    expect(within(fairy).getByText('Gree')).toBeInTheDocument();
    expect(within(fairy).getByText('Active')).toBeInTheDocument();
    expect(within(fairy).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/series/edit-series/1');
    const thunder = within(table).getByRole('cell', { name: 'Thunder' }).closest('tr') as HTMLElement;
    expect(within(thunder).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Series' })).toHaveAttribute('href', '/series/add-new-series');
    expect(screen.getByText('Showing 1 to 5 of 5 entries')).toBeInTheDocument();
  });

  it('shows No Record Found. when the search matches nothing', async () => {
    await renderApp('/series?search=nothing-like-this', 'admin');
    expect(await screen.findByText('No Record Found.')).toBeInTheDocument();
  });
});

describe('add series', () => {
  it('asks for the series name, image and brand', async () => {
    const { user } = await renderApp('/series/add-new-series', 'admin');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter series name.')).toBeInTheDocument();
    expect(screen.getByText('Please upload series image.')).toBeInTheDocument();
    expect(screen.getByText('Please select brand.')).toBeInTheDocument();
  });

  it('offers every brand to choose from', async () => {
    await renderApp('/series/add-new-series', 'admin');
    const brand = await screen.findByLabelText('Brand');
    expect(
      within(brand)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select brand', 'Gree', 'Haier', 'Orient']);
  });
});

describe('edit series', () => {
  it('pre-fills the series and saves a change without a new image', async () => {
    const { user } = await renderApp('/series/edit-series/1', 'admin');
    const name = await screen.findByLabelText('Series Name');
    expect(name).toHaveValue('Fairy');
    expect(screen.getByLabelText('Brand')).toHaveValue('1');
    expect(screen.getByLabelText('Status')).toHaveValue('1');
    await user.clear(name);
    await user.type(name, 'Fairy Plus');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Series updated successfully.');
    await user.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Series' }));
    expect(await screen.findByRole('cell', { name: 'Fairy Plus' })).toBeInTheDocument();
  });

  it('renames the series in a models list already loaded, not half a minute later', async () => {
    const { user, history } = await renderApp('/models', 'admin');
    expect((await screen.findAllByRole('cell', { name: 'Fairy' })).length).toBeGreaterThan(0);
    history.push('/series/edit-series/1');
    const name = await screen.findByLabelText('Series Name');
    await user.clear(name);
    await user.type(name, 'Fairy Plus');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Series updated successfully.');
    history.push('/models');
    expect((await screen.findAllByRole('cell', { name: 'Fairy Plus' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('cell', { name: 'Fairy' })).not.toBeInTheDocument();
  });

  it('asks for the series name, brand and status', async () => {
    const { user } = await renderApp('/series/edit-series/1', 'admin');
    await user.clear(await screen.findByLabelText('Series Name'));
    await user.selectOptions(screen.getByLabelText('Brand'), '');
    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter series name.')).toBeInTheDocument();
    expect(screen.getByText('Please select brand.')).toBeInTheDocument();
    expect(screen.getByText('Please select status.')).toBeInTheDocument();
  });

  it("shows the server's 422 under the series name", async () => {
    const { user } = await renderApp('/series/edit-series/1', 'admin');
    const name = await screen.findByLabelText('Series Name');
    await user.clear(name);
    await user.type(name, 'Pular');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('The series name has already been taken.'));
  });

  it('shows Sever Error when the server fails', async () => {
    server.use(
      http.post('*/api/series/update-series', () =>
        HttpResponse.json({ responseMessage: 'boom', responseFlag: 'danger' }, { status: 500 }),
      ),
    );
    const { user } = await renderApp('/series/edit-series/1', 'admin');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sever Error. Please Contact Administration.');
  });

  it('redirects a missing series to the dashboard', async () => {
    await renderApp('/series/edit-series/9999', 'admin');
    await waitFor(() => expect(screen.getByText('WELCOME')).toBeInTheDocument());
  });
});
