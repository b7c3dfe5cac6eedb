import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';

// The URL is the one source of truth of a list: Back and Forward through searches stay where they
// land, and the search box shows what the URL holds (it used to navigate back to its own text 300 ms later).
describe('the search box and the browser history', () => {
  it('takes the URL on Back and Forward and does not navigate again', async () => {
    const { user, router, history } = await renderApp('/brands', 'admin');
    const box = await screen.findByRole('searchbox', { name: 'Search' });

    await user.type(box, 'gr');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'gr' }));
    await user.type(box, 'ee');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'gree' }));

    act(() => history.back());
    await waitFor(() => expect(box).toHaveValue('gr'));
    // Longer than the box's 300 ms pause: nothing navigates back to 'gree'.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(router.state.location.search).toMatchObject({ search: 'gr' });
    expect(box).toHaveValue('gr');

    act(() => history.back());
    await waitFor(() => expect(box).toHaveValue(''));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(router.state.location.search).not.toHaveProperty('search');

    act(() => history.forward());
    await waitFor(() => expect(box).toHaveValue('gr'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(router.state.location.search).toMatchObject({ search: 'gr' });
  });

  it('keeps a trailing space being typed when its search lands', async () => {
    const { user, router } = await renderApp('/brands', 'admin');
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    await user.type(box, 'gree ');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'gree' }));
    expect(box).toHaveValue('gree ');
  });
});
