import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { getStore } from '#mocks/store.ts';
import { variablesKey } from '#src/features/variables/api.ts';
import { renderApp } from './render-app.tsx';
import { FALLBACK, recordBodies } from './helpers.ts';

const LABELS = ['TR', 'EXCH', 'FARE', 'DUTIES', 'PROFIT'] as const;

describe('variables screen', () => {
  it('shows the five variables, pre-filled, to an admin', async () => {
    await renderApp('/variables', 'admin');
    expect(await screen.findByRole('heading', { name: 'Variables' })).toBeInTheDocument();
    expect(await screen.findByLabelText('TR')).toHaveValue('3.517');
    expect(screen.getByLabelText('EXCH')).toHaveValue('281.15');
    expect(screen.getByLabelText('FARE')).toHaveValue('0.05');
    expect(screen.getByLabelText('DUTIES')).toHaveValue('0.20');
    expect(screen.getByLabelText('PROFIT')).toHaveValue('0.15');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Dashboard>Variables');
  });

  it.each(['manager', 'sales'] as const)('shows the fallback to %s', async (role) => {
    await renderApp('/variables', role);
    expect(await screen.findByText(FALLBACK)).toBeInTheDocument();
    expect(screen.queryByLabelText('TR')).not.toBeInTheDocument();
  });

  it('asks for every value', async () => {
    const bodies = recordBodies('variables/update-variables');
    const { user } = await renderApp('/variables', 'admin');
    for (const label of LABELS) await user.clear(await screen.findByLabelText(label));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter tr value.')).toBeInTheDocument();
    expect(screen.getByText('Please enter exch value.')).toBeInTheDocument();
    expect(screen.getByText('Please enter fare value.')).toBeInTheDocument();
    expect(screen.getByText('Please enter duties value.')).toBeInTheDocument();
    expect(screen.getByText('Please enter profit value.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('sends the five as strings and refreshes the cached variables', async () => {
    const bodies = recordBodies('variables/update-variables');
    const { user, queryClient } = await renderApp('/variables', 'admin');
    const exch = await screen.findByLabelText('EXCH');
    await user.clear(exch);
    await user.type(exch, '290.50');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Variables updated successfully.');
    expect(bodies).toEqual([{ tr: '3.517', exch: '290.50', fare: '0.05', duties: '0.20', profit: '0.15', version: 1 }]);
    expect(getStore().variables.exch).toBe('290.50');
    await waitFor(() => expect(queryClient.getQueryData<{ exch: string }>(variablesKey)?.exch).toBe('290.50'));
    // An edit form keeps what was saved.
    expect(screen.getByLabelText('EXCH')).toHaveValue('290.50');
  });

  it("shows the server's 422 message under its field", async () => {
    const { user } = await renderApp('/variables', 'admin');
    const tr = await screen.findByLabelText('TR');
    await user.clear(tr);
    await user.type(tr, 'abc');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByLabelText('TR')).toHaveAccessibleDescription('The tr must be a number greater than 0.'));
    expect(getStore().variables.tr).toBe('3.517');
  });

  it('shows a variable outside its bounds under its field (docs/design.md §8.9)', async () => {
    const { user } = await renderApp('/variables', 'admin');
    const tr = await screen.findByLabelText('TR');
    await user.clear(tr);
    await user.type(tr, '0.05');
    const profit = screen.getByLabelText('PROFIT');
    await user.clear(profit);
    await user.type(profit, '10.5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // A PROFIT above 1 is asked about first (§8.8); going on sends it, and the server refuses it.
    const question = await screen.findByRole('alertdialog', { name: 'PROFIT 10.5 adds 1050 % to every price. Continue?' });
    await user.click(within(question).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByLabelText('TR')).toHaveAccessibleDescription('The TR must be between 0.1 and 100.'));
    expect(screen.getByLabelText('PROFIT')).toHaveAccessibleDescription('The PROFIT must be between 0 and 10.');
    expect(getStore().variables.tr).toBe('3.517');
  });

  it("shows 'Sever Error' when the server fails", async () => {
    server.use(
      http.post('*/api/variables/update-variables', () =>
        HttpResponse.json({ responseMessage: 'boom', responseFlag: 'danger' }, { status: 500 }),
      ),
    );
    const { user } = await renderApp('/variables', 'admin');
    await screen.findByLabelText('TR');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sever Error. Please Contact Administration.');
  });
});
