import type { AnyRouter } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { renderApp, type Role } from './render-app.tsx';

// What several screens' tests share: the fallback text and a way to see what the app sent.

export const FALLBACK = "You didn't have permission to perform this action.";

/** The JSON bodies the app sends to one call; the mock still answers them. */
export function recordBodies<T = any>(call: string): T[] {
  const bodies: T[] = [];
  server.use(
    http.post(`*/api/${call}`, async ({ request }) => {
      bodies.push((await request.clone().json()) as T);
    }),
  );
  return bodies;
}

/**
 * Picks a model on Add Stock or Remove Stock as a person would: types the model name (the part
 * before the series) into the searchable picker and clicks the option named `label`.
 */
export async function pickModel(user: UserEvent, combobox: HTMLElement, label: string) {
  await user.clear(combobox);
  await user.type(combobox, label.split(' (')[0]!);
  await user.click(await screen.findByRole('option', { name: label }));
}

/** The list's URL holds `search` and is back at page 1, which it leaves out as a default. */
export async function expectFirstPageWith(router: AnyRouter, search: Record<string, unknown>) {
  await waitFor(() => expect(router.state.location.search).toMatchObject(search));
  expect(router.state.location.search).not.toHaveProperty('page');
}

/** Screens that of the seeded users only the admin reaches: each renders for the admin, and the
 * manager and the sales user see the fallback text in its place. */
export function describeAdminOnlyScreens(name: string, screens: { url: string; title: string }[]) {
  describe(`${name} screens: who sees them`, () => {
    it.each(screens)('$url renders for an admin', async ({ url, title }) => {
      await renderApp(url, 'admin');
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.queryByText(FALLBACK)).not.toBeInTheDocument();
    });

    it.each(screens.flatMap((entry) => (['manager', 'sales'] as Role[]).map((role) => ({ ...entry, role }))))(
      '$url shows the fallback to $role',
      async ({ url, title, role }) => {
        await renderApp(url, role);
        expect(await screen.findByText(FALLBACK)).toBeInTheDocument();
        expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
      },
    );
  });
}

/** The models list's table, once the seed's first model shows in it. */
export async function modelsTable() {
  const table = await screen.findByRole('table', { name: 'Models' });
  await within(table).findByText('GS-12FITH1W');
  return table;
}

/** The models table's column titles but the selection column's, which comes first (docs/design.md §8.1) and has none. */
export const modelHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .slice(1)
    .map((header) => header.textContent);
