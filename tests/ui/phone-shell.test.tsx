import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';

// The fold itself is CSS (max-md:hidden), which jsdom does not apply; what the app decides, and what
// assistive technology reads, is the button's state and the menu's link to it.

beforeEach(() => {
  window.innerWidth = 390;
  window.dispatchEvent(new Event('resize'));
  // So a title left by an earlier test cannot pass for this one's.
  document.title = '';
});

async function menuParts() {
  const button = await screen.findByRole('button', { name: 'Menu' });
  const menu = screen.getByRole('navigation', { name: 'Main' });
  return { button, menu };
}

describe('the Menu button at phone width', () => {
  it('names the side menu it folds, and is closed at first', async () => {
    await renderApp('/', 'manager');
    const { button, menu } = await menuParts();
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(menu.id).not.toBe('');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveClass('max-md:hidden');
  });

  it('opens and closes the menu on click', async () => {
    const { user } = await renderApp('/', 'manager');
    const { button, menu } = await menuParts();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(menu).not.toHaveClass('max-md:hidden');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveClass('max-md:hidden');
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const { user } = await renderApp('/', 'admin');
    const { button, menu } = await menuParts();
    await user.click(button);
    within(menu).getByRole('link', { name: 'Brands' }).focus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes when an item is chosen, and the screen opens', async () => {
    const { user, router } = await renderApp('/', 'sales');
    const { button, menu } = await menuParts();
    await user.click(button);
    await user.click(within(menu).getByRole('link', { name: 'Models' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(router.state.location.pathname).toBe('/models'));
  });

  it('closes when the current item is chosen again', async () => {
    const { user } = await renderApp('/', 'sales');
    const { button, menu } = await menuParts();
    await user.click(button);
    await user.click(within(menu).getByRole('link', { name: 'Dashboard' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on any route change, not only from the menu', async () => {
    const { user, router } = await renderApp('/', 'admin');
    const { button } = await menuParts();
    await user.click(button);
    await router.navigate({ to: '/account/password' });
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  });
});

describe('the page title names the screen', () => {
  it.each([
    ['/', 'admin', 'Dashboard'],
    ['/models', 'sales', 'Models List'],
    ['/brands', 'admin', 'Brands List'],
    ['/models/add-new-model', 'admin', 'Add Model'],
    ['/brands/edit-brand/1', 'admin', 'Edit Brand'],
    ['/models/log-model/1', 'manager', 'Model Logs'],
    ['/login', undefined, 'Sign in'],
  ] as const)('%s as %s: %s', async (url, role, title) => {
    await renderApp(url, role);
    await waitFor(() => expect(document.title).toBe(`${title} · AC Back-office`));
  });

  it('follows the screen when the user moves on', async () => {
    const { user } = await renderApp('/', 'admin');
    await waitFor(() => expect(document.title).toBe('Dashboard · AC Back-office'));
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(document.title).toBe('Users List · AC Back-office'));
  });
});
