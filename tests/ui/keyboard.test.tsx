import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';

// What a keyboard needs of the frame (the browser journeys in tests/e2e/keyboard.spec.ts drive whole
// tasks): the user's menu as a menu button, and the skip link.

async function userMenuButton() {
  return screen.findByRole('button', { name: /Admin User/ });
}

describe("the user's menu by keyboard", () => {
  it('opens on Enter with focus on its first item; the arrows move; Escape closes it and gives focus back', async () => {
    const { user } = await renderApp('/', 'admin');
    (await userMenuButton()).focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Change Password' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Security' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Change Password' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(await userMenuButton()).toHaveFocus();
  });

  it('closes when Tab leaves it', async () => {
    const { user } = await renderApp('/', 'admin');
    (await userMenuButton()).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('takes the user to Change Password with Enter on the item', async () => {
    const { user, router } = await renderApp('/', 'sales');
    (await screen.findByRole('button', { name: /Sales User/ })).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/password'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('the skip link', () => {
  it('is the first stop of Tab and takes focus past the header and the menu to the screen', async () => {
    const { user } = await renderApp('/brands', 'admin');
    await screen.findByRole('heading', { name: 'Brands List' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await user.tab();
    // The screen's first control: the breadcrumb's way back.
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
  });
});
