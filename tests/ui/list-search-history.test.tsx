import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
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

  it('drops a search still being typed when the user leaves the list, rather than pulling them back', async () => {
    const { user, router } = await renderApp('/brands', 'admin');
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    await screen.findByRole('cell', { name: 'Gree' });
    // The edit screen takes its time to load, so the list is still on screen when the pause ends.
    server.use(
      http.post('*/api/brands/get-brand', async () => {
        await delay(800);
      }),
    );
    await user.type(box, 'gr');
    // Within the box's 300 ms pause: the row's Edit is clicked.
    await user.click(within(screen.getByRole('row', { name: /Gree/ })).getByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Edit Brand' }, { timeout: 3000 })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.href).toBe('/brands/edit-brand/1');
  });
});
