import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';

describe('brands screens', () => {
  it('lists brands for an admin with image, status and edit', async () => {
    await renderApp('/brands', 'admin');
    const table = await screen.findByRole('table', { name: 'Brands' });
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(await screen.findByText(/Showing 1 to \d+ of \d+ entries/)).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: 'Edit' }).length).toBeGreaterThan(0);
  });

  it('shows the fallback to a manager', async () => {
    await renderApp('/brands', 'manager');
    expect(await screen.findByText("You didn't have permission to perform this action.")).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('asks for the brand name and image', async () => {
    const { user } = await renderApp('/brands/add-new-brand', 'admin');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter brand name.')).toBeInTheDocument();
    expect(screen.getByText('Please upload brand image.')).toBeInTheDocument();
  });

  it('redirects a missing brand to the dashboard', async () => {
    await renderApp('/brands/edit-brand/9999', 'admin');
    await waitFor(() => expect(screen.getByText('WELCOME')).toBeInTheDocument());
  });
});
