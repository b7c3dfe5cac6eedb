import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { getStore } from '#mocks/store.ts';
import { describeAdminOnlyScreens, recordBodies } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §8: the Settings screen, an admin's, the last menu item.

describeAdminOnlyScreens('settings', [{ url: '/settings', title: 'Settings' }]);

describe('settings screen', () => {
  it('is the menu item after every earlier one, before Quotes (§8.1), for an admin only', async () => {
    await renderApp('/', 'admin');
    const links = within(await screen.findByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(links.at(-2)).toHaveTextContent('Settings');
    expect(links.at(-2)).toHaveAttribute('href', '/settings');
  });

  it('shows the stored settings and saves them, line breaks and the version included', async () => {
    Object.assign(getStore().settings, { companyName: 'Breeze', companyAddress: '1 Road\nLahore' });
    const sent = recordBodies('settings/update');
    const { user } = await renderApp('/settings', 'admin');
    const name = await screen.findByLabelText('Company name');
    expect(name).toHaveValue('Breeze');
    const address = screen.getByLabelText('Company address');
    expect(address.tagName).toBe('TEXTAREA');
    expect(address).toHaveValue('1 Road\nLahore');
    const level = screen.getByLabelText('Two-factor sign-in required for');
    expect(
      within(level)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select who', 'Nobody', 'Admins', 'Admins and managers', 'Everyone']);
    expect(level).toHaveValue('0');

    await user.type(screen.getByLabelText('Company phone'), '042 111');
    await user.type(screen.getByLabelText('Quote terms'), 'Valid 7 days.{Enter}Prices in PKR.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Settings updated successfully.');
    expect(sent).toEqual([
      {
        companyName: 'Breeze',
        companyAddress: '1 Road\nLahore',
        companyPhone: '042 111',
        quoteTerms: 'Valid 7 days.\nPrices in PKR.',
        twoFactorRequiredLevel: 0,
        version: 1,
      },
    ]);
    expect(getStore().settings).toMatchObject({ companyPhone: '042 111', version: 2 });

    // The next save sends the version this one gave them.
    await user.type(screen.getByLabelText('Company name'), ' Traders');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ companyName: 'Breeze Traders', version: 2 });
  });

  it('shows the two-factor refusal under its field and saves nothing', async () => {
    const { user } = await renderApp('/settings', 'admin');
    await user.selectOptions(await screen.findByLabelText('Two-factor sign-in required for'), 'Everyone');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const level = screen.getByLabelText('Two-factor sign-in required for');
    await waitFor(() => expect(level).toHaveAccessibleDescription('Set up two-factor sign-in for yourself first.'));
    expect(getStore().settings.twoFactorRequiredLevel).toBe(0);
  });

  it('shows a too long name under its field, and keeps Submit busy while saving', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/settings/update', async () => {
        await held;
        return HttpResponse.json(
          {
            message: 'The company name may not be greater than 255 characters.',
            errors: { companyName: ['The company name may not be greater than 255 characters.'] },
          },
          { status: 422 },
        );
      }),
    );
    const { user } = await renderApp('/settings', 'admin');
    await user.type(await screen.findByLabelText('Company name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toHaveAttribute('aria-busy', 'true'));
    release();
    expect(await screen.findByLabelText('Company name')).toHaveAccessibleDescription(
      'The company name may not be greater than 255 characters.',
    );
  });

  it('asks before leaving unsaved changes', async () => {
    const { user, router } = await renderApp('/settings', 'admin');
    await user.type(await screen.findByLabelText('Company name'), 'Breeze');
    await user.click(screen.getByRole('link', { name: 'Models' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving? Your changes will be lost.' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/settings');
  });
});
