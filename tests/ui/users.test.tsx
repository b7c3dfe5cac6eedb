import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { renderApp } from './render-app.tsx';
import { describeAdminOnlyScreens, recordBodies } from './helpers.ts';

const screens = [
  { url: '/users', title: 'Users List' },
  { url: '/users/add-new-user', title: 'Add User' },
  { url: '/users/edit-user/2', title: 'Edit User' },
];

async function fillNewUser(
  user: Awaited<ReturnType<typeof renderApp>>['user'],
  values: { name: string; username: string; password: string; role: string },
) {
  await user.type(await screen.findByLabelText('Name'), values.name);
  await user.type(screen.getByLabelText('Username'), values.username);
  await user.type(screen.getByLabelText('Password'), values.password);
  await user.selectOptions(screen.getByLabelText('Role'), values.role);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describeAdminOnlyScreens('users', screens);

describe('users list', () => {
  it('shows name, username, role name, status with its dot text, edit and the add icon', async () => {
    await renderApp('/users', 'admin');
    const table = await screen.findByRole('table', { name: 'Users' });
    for (const header of ['Name', 'Username', 'Role', 'Status', 'Edit']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const rows = [
      ['Admin User', 'admin', 'Admin'],
      ['Manager User', 'manager', 'Manager'],
      ['Sales User', 'sales', 'Sales'],
    ];
    for (const [name, username, role] of rows) {
      const row = (await within(table).findByRole('cell', { name })).closest('tr') as HTMLElement;
      expect(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual([name, username, role, 'Active', 'Edit']);
    }
    expect(screen.getByRole('link', { name: 'Add User' })).toHaveAttribute('href', '/users/add-new-user');
    expect(screen.getByText('Showing 1 to 3 of 3 entries')).toBeInTheDocument();
  });
});

describe('add user', () => {
  it('asks for name, username, password and role', async () => {
    const { user } = await renderApp('/users/add-new-user', 'admin');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter username.')).toBeInTheDocument();
    expect(screen.getByText('Please enter password.')).toBeInTheDocument();
    expect(screen.getByText('Please select role.')).toBeInTheDocument();
  });

  it('uses a plain text password and offers the three roles', async () => {
    await renderApp('/users/add-new-user', 'admin');
    expect(await screen.findByLabelText('Password')).toHaveAttribute('type', 'text');
    const role = screen.getByLabelText('Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['', 'Select role'],
      ['1', 'Admin'],
      ['2', 'Manager'],
      ['3', 'Sales'],
    ]);
  });

  it('adds a user, clears the form and lists the new user', async () => {
    const bodies = recordBodies('users/add-user');
    const { user } = await renderApp('/users', 'admin');
    await screen.findByRole('cell', { name: 'Admin User' });
    await user.click(screen.getByRole('link', { name: 'Add User' }));
    await fillNewUser(user, { name: 'Nadia Khan', username: 'nadia', password: 'secret-pass', role: 'Manager' });
    expect(await screen.findByRole('alert')).toHaveTextContent('User added successfully.');
    expect(bodies).toEqual([{ name: 'Nadia Khan', username: 'nadia', password: 'secret-pass', roleId: 2 }]);
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Username')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Role')).toHaveValue('');
    await user.click(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Users' }));
    const row = (await screen.findByRole('cell', { name: 'Nadia Khan' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('nadia')).toBeInTheDocument();
    expect(within(row).getByText('Manager')).toBeInTheDocument();
  });

  it("shows the server's taken username under Username and keeps the form", async () => {
    const { user } = await renderApp('/users/add-new-user', 'admin');
    await fillNewUser(user, { name: 'Another', username: 'manager', password: 'secret-pass', role: 'Sales' });
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('The username has already been taken.'));
    expect(screen.getByLabelText('Name')).toHaveValue('Another');
  });

  it("shows the server's short-password message under Password", async () => {
    const { user } = await renderApp('/users/add-new-user', 'admin');
    await fillNewUser(user, { name: 'Short', username: 'short', password: 'abc', role: 'Sales' });
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('The password must be at least 8 characters.'),
    );
  });

  it('shows Sever Error when the server fails', async () => {
    server.use(
      http.post('*/api/users/add-user', () => HttpResponse.json({ responseMessage: 'boom', responseFlag: 'danger' }, { status: 500 })),
    );
    const { user } = await renderApp('/users/add-new-user', 'admin');
    await fillNewUser(user, { name: 'Nadia Khan', username: 'nadia', password: 'secret-pass', role: 'Sales' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sever Error. Please Contact Administration.');
    expect(screen.getByLabelText('Name')).toHaveValue('Nadia Khan');
  });
});

describe('edit user', () => {
  it('pre-fills the user with an empty password', async () => {
    await renderApp('/users/edit-user/2', 'admin');
    expect(await screen.findByLabelText('Name')).toHaveValue('Manager User');
    expect(screen.getByLabelText('Username')).toHaveValue('manager');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Role')).toHaveValue('2');
    expect(screen.getByLabelText('Status')).toHaveValue('1');
  });

  it('asks for name, username, role and status, but not a password', async () => {
    const { user } = await renderApp('/users/edit-user/2', 'admin');
    await user.clear(await screen.findByLabelText('Name'));
    await user.clear(screen.getByLabelText('Username'));
    await user.selectOptions(screen.getByLabelText('Role'), '');
    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter username.')).toBeInTheDocument();
    expect(screen.getByText('Please select role.')).toBeInTheDocument();
    expect(screen.getByText('Please select status.')).toBeInTheDocument();
    expect(screen.queryByText('Please enter password.')).not.toBeInTheDocument();
  });

  it('sends no password when the field is empty, and the typed one when filled', async () => {
    const bodies = recordBodies('users/update-user');
    const { user } = await renderApp('/users/edit-user/3', 'admin');
    await user.selectOptions(await screen.findByLabelText('Role'), 'Manager');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User updated successfully.');
    await user.type(screen.getByLabelText('Password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0]).toEqual({ id: 3, version: 1, name: 'Sales User', username: 'sales', roleId: 2, isActive: 1 });
    // The second save sends the version the first one made.
    expect(bodies[1]).toEqual({
      id: 3,
      version: 2,
      name: 'Sales User',
      username: 'sales',
      roleId: 2,
      isActive: 1,
      password: 'brand-new-pass',
    });
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(''));
  });

  it('shows that the last active administrator cannot be deactivated under Status', async () => {
    const { user } = await renderApp('/users/edit-user/1', 'admin');
    await user.selectOptions(await screen.findByLabelText('Status'), 'Inactive');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // The admin is editing themself: the question of docs/design.md §7.7 comes first.
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Status')).toHaveAccessibleDescription('The last active administrator cannot be deactivated.'),
    );
  });

  it('shows Sever Error when the server fails', async () => {
    server.use(
      http.post('*/api/users/update-user', () => HttpResponse.json({ responseMessage: 'boom', responseFlag: 'danger' }, { status: 500 })),
    );
    const { user } = await renderApp('/users/edit-user/2', 'admin');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sever Error. Please Contact Administration.');
  });

  it('redirects a missing user to the dashboard', async () => {
    await renderApp('/users/edit-user/9999', 'admin');
    await waitFor(() => expect(screen.getByText('WELCOME')).toBeInTheDocument());
  });
});
