import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '#mocks/node.ts';
import { SEED_PASSWORD } from '#mocks/seed.ts';
import { reloadPage } from '#src/lib/reload.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §7.7 for writes, sign-in and whole screens: what the user is told when the server
// cannot answer, cannot be reached, refuses, or has ended the session.

const UNREACHABLE = 'The server cannot be reached. Please check your connection and try again.';
const COULD_NOT_LOAD = 'Could not load the latest data.';

describe('a write when the server cannot be reached', () => {
  it('shows the danger alert and keeps what was typed', async () => {
    server.use(http.post('*/api/users/add-user', () => HttpResponse.error()));
    const { user } = await renderApp('/users/add-new-user', 'admin');
    await user.type(await screen.findByLabelText('Name'), 'Nadia Network');
    await user.type(screen.getByLabelText('Username'), 'nadia');
    await user.type(screen.getByLabelText('Password'), 'a-long-password');
    await user.selectOptions(screen.getByLabelText('Role'), 'Sales');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNREACHABLE);
    expect(screen.getByLabelText('Name')).toHaveValue('Nadia Network');
    expect(screen.getByLabelText('Username')).toHaveValue('nadia');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});

describe('a new submit', () => {
  it("removes the previous answer's alert as it starts, so a success never stands above the error after it", async () => {
    const { user } = await renderApp('/users/add-new-user', 'admin');
    const fill = async () => {
      await user.type(await screen.findByLabelText('Name'), 'Twice Added');
      await user.type(screen.getByLabelText('Username'), 'twice');
      await user.type(screen.getByLabelText('Password'), 'a-long-password');
      await user.selectOptions(screen.getByLabelText('Role'), 'Sales');
    };
    await fill();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User added successfully.');

    // The second answer is held back: while it is on its way, the success must already be gone.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('*/api/users/add-user', async () => {
        await held;
      }),
    );
    await fill();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByText('User added successfully.')).not.toBeInTheDocument());
    answer();
    expect(await screen.findByText('The username has already been taken.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('sign-in', () => {
  const signIn = async (user: Awaited<ReturnType<typeof renderApp>>['user'], password: string) => {
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
  };

  it("shows a 429's message above the form", async () => {
    const text = 'Too many login attempts. Please try again in 42 seconds.';
    server.use(
      http.post('*/api/auth/login', () =>
        HttpResponse.json({ responseMessage: text, responseFlag: 'danger' }, { status: 429, headers: { 'Retry-After': '42' } }),
      ),
    );
    const { user } = await renderApp('/login');
    await signIn(user, SEED_PASSWORD);
    const form = screen.getByRole('button', { name: 'Login' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent(text);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('still shows nothing for wrong credentials (401)', async () => {
    const { user } = await renderApp('/login');
    await signIn(user, 'not-the-password');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why when a 203 has ended the session', async () => {
    server.use(http.post('*/api/brands', () => HttpResponse.json({ responseMessage: 'Gone.', responseFlag: 'danger' }, { status: 203 })));
    const first = await renderApp('/brands', 'admin');
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    first.unmount();
    // What the reload shows: the login screen, with the reason.
    await renderApp('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended. Please sign in again.');
  });

  it('says nothing of a session on a plain visit to the login screen', async () => {
    await renderApp('/login');
    await screen.findByLabelText('Username');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('a screen whose data cannot be loaded', () => {
  it('says so inside the shell with Retry, which loads it once the server answers', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/api/brands/get-brand', () => HttpResponse.error(), { once: true }));
    const { user } = await renderApp('/brands/edit-brand/1', 'admin');
    const status = await screen.findByText(COULD_NOT_LOAD);
    // Inside the frame: the menu is still there.
    expect(screen.getByRole('navigation')).toBeInTheDocument();
    expect(status.closest('main')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Brand Name')).toHaveValue('Gree');
    expect(screen.queryByText(COULD_NOT_LOAD)).not.toBeInTheDocument();
    logged.mockRestore();
  });
});
