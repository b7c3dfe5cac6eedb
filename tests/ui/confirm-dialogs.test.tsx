import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { recordBodies } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §7.7: ask before what hurts (Cancel changes nothing), and before leaving changes unsaved.

describe('an admin deactivating or demoting themself', () => {
  it('is asked first; Cancel and Escape send nothing, Continue sends', async () => {
    const sent = recordBodies('users/update-user');
    const { user } = await renderApp('/users/edit-user/1', 'admin');
    await user.selectOptions(await screen.findByLabelText('Status'), 'Inactive');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate your own account? You will be signed out.' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    await user.selectOptions(screen.getByLabelText('Role'), 'Manager');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const demote = await screen.findByRole('alertdialog', { name: 'Remove your own administrator access? You will be signed out.' });
    await user.click(within(demote).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ id: 1, roleId: 2, isActive: 1 });
  });

  it('is not asked when editing someone else', async () => {
    const sent = recordBodies('users/update-user');
    const { user } = await renderApp('/users/edit-user/2', 'admin');
    await user.selectOptions(await screen.findByLabelText('Status'), 'Inactive');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('an EXCH more than 20 % away from the current rate', () => {
  const question = 'Change the exchange rate from 281.15 to 29000? That is a change of +10214.8 %.';

  it('on the EXCH box: asked, Cancel keeps the stored rate, Continue updates it', async () => {
    const sent = recordBodies('variables/update-exch');
    const { user } = await renderApp('/models', 'manager');
    // The box is drawn again once the rate is known: the field is taken after that.
    await waitFor(() => expect(screen.getByLabelText('EXCH')).toHaveValue('281.15'));
    const box = screen.getByLabelText('EXCH');
    await user.clear(box);
    await user.type(box, '29000');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('alertdialog', { name: question });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toHaveLength(0);
    expect(getStore().variables.exch).toBe('281.15');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(getStore().variables.exch).toBe('29000'));
  });

  it('on the EXCH box: a change within 20 % is not asked about', async () => {
    const { user } = await renderApp('/models', 'manager');
    // The box is drawn again once the rate is known: the field is taken after that.
    await waitFor(() => expect(screen.getByLabelText('EXCH')).toHaveValue('281.15'));
    const box = screen.getByLabelText('EXCH');
    await user.clear(box);
    await user.type(box, '300');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(getStore().variables.exch).toBe('300'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('on the Variables screen: asked, and Cancel sends nothing', async () => {
    const sent = recordBodies('variables/update-variables');
    const { user } = await renderApp('/variables', 'admin');
    const exch = await screen.findByLabelText('EXCH');
    await waitFor(() => expect(exch).toHaveValue('281.15'));
    await user.clear(exch);
    await user.type(exch, '29000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: question })).getByRole('button', { name: 'Cancel' }));
    expect(sent).toHaveLength(0);
    expect(exch).toHaveValue('29000');
  });
});

describe('leaving a changed form', () => {
  const QUESTION = 'Leave without saving? Your changes will be lost.';

  it('asks on a menu click; Stay keeps the typed value, Leave goes', async () => {
    const { user, router } = await renderApp('/brands/edit-brand/1', 'admin');
    const name = await screen.findByLabelText('Brand Name');
    await user.type(name, ' Plus');
    await user.click(screen.getByRole('link', { name: 'Models' }));
    const dialog = await screen.findByRole('alertdialog', { name: QUESTION });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/brands/edit-brand/1');
    expect(screen.getByLabelText('Brand Name')).toHaveValue('Gree Plus');

    await user.click(screen.getByRole('link', { name: 'Models' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: QUESTION })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/models'));
  });

  it('does not ask for an untouched form, nor after a successful save', async () => {
    const { user, router } = await renderApp('/users/edit-user/2', 'admin');
    const name = await screen.findByLabelText('Name');
    await user.click(screen.getByRole('link', { name: 'Brands' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands'));

    await router.navigate({ to: '/users/edit-user/$id', params: { id: 2 } });
    await user.type(await screen.findByLabelText('Name'), ' Renamed');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User updated successfully.');
    await user.click(screen.getByRole('link', { name: 'Brands' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(name).not.toBeInTheDocument();
  });

  it('counts a saved form as unchanged from the moment its success is shown', async () => {
    const { user, router } = await renderApp('/settings', 'admin');
    await user.type(await screen.findByLabelText('Company name'), 'Breeze');
    // Leave in the very task the success alert is written into the page, as a person reloading or
    // clicking the menu at once would (an e2e run reloaded there and got the browser's prompt).
    const leftOnAlert = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!screen.queryByText('Settings updated successfully.')) return;
        observer.disconnect();
        void router.navigate({ to: '/brands' });
        resolve();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await leftOnAlert;
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
