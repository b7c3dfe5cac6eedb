import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '#mocks/node.ts';
import { pagedAnswer } from '#mocks/paged-answer.ts';
import { getStore } from '#mocks/store.ts';
import { versionOf } from '#mocks/versions.ts';
import { formatLakh } from '#src/domain/format.ts';
import { computePrices } from '#src/domain/prices.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §8.9: Sales receive each model's Total from the server, not its USD price nor the
// ratios, so their list shows the server's figure, and fetches it again when the rate changes
// (there is no live event yet: the variables are read again on window focus, and a new version
// refetches the list).

/** Counts the calls to one API path, then lets each go on to the mock that answers it. */
function countCalls(path: string) {
  const counter = { calls: 0 };
  server.use(
    http.post(`*/api/${path}`, () => {
      counter.calls += 1;
    }),
  );
  return counter;
}

/** Each model's Total cell, by model name. */
function totals(table: HTMLElement): Record<string, string> {
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const at = headers.indexOf('Total');
  const modelAt = headers.indexOf('Model');
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell'))
      .map((cells) => [cells[modelAt]?.textContent, cells[at]?.textContent]),
  );
}

/** What each shown model's Total must be at the store's variables, from the store's own USD prices (Sales see only what can be sold). */
function expectTotalsOfStore(shown: Record<string, string>) {
  const { models, variables } = getStore();
  const expected = Object.fromEntries(models.map((model) => [model.name, formatLakh(computePrices(model.priceUsd, variables).total)]));
  expect(Object.keys(shown).length).toBeGreaterThan(0);
  expect(shown).toEqual(Object.fromEntries(Object.keys(shown).map((name) => [name, expected[name]])));
}

async function salesTable() {
  const table = await screen.findByRole('table', { name: 'Models' });
  await within(table).findByText('GS-12FITH1W');
  return table;
}

/** The window loses focus and gets it back, as when a user returns to the tab. */
function refocus() {
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
}

describe("Sales' models list", () => {
  it("shows each model's Total as the server sent it: the answer has no USD price to work one out from", async () => {
    await renderApp('/models', 'sales');
    const table = await salesTable();
    expectTotalsOfStore(totals(table));
    expect(totals(table)['GS-12FITH1W']).toBe('20,209');
  });

  it("shows the server's figure as it is, whatever the variables say", async () => {
    // A Total no rule of the app would give: the cell can only have read it from the row.
    const row = { id: 1, brandName: 'Gree', seriesName: 'Fairy', modelName: 'GS-12FITH1W', modelCapacityKW: 3.517, modelTotal: 1234567 };
    server.use(http.post('*/api/models', () => HttpResponse.json(pagedAnswer('models', { page: 1, per_page: 500 }, [row]))));
    await renderApp('/models', 'sales');
    const table = await salesTable();
    expect(totals(table)).toEqual({ 'GS-12FITH1W': '12,34,567' });
  });

  it('fetches the list again when the rate has changed, and not when it has not', async () => {
    const models = countCalls('models');
    const variables = countCalls('variables');
    await renderApp('/models', 'sales');
    const table = await salesTable();
    expect(models.calls).toBe(1);

    // Focus back with the same variables: they are read again, the list is not.
    refocus();
    await waitFor(() => expect(variables.calls).toBe(2));
    expect(models.calls).toBe(1);

    // Someone changes the rate meanwhile; the next focus sees the new version and refetches the list.
    getStore().variables.exch = '300';
    getStore().variables.version = versionOf(getStore().variables) + 1;
    refocus();
    // 50 × 300 = 15,000; fare 750; duties 3,000; cost 18,750; profit 2,812.5 → 2,813; total 21,563.
    await waitFor(() => expect(totals(table)['GS-12FITH1W']).toBe('21,563'));
    expectTotalsOfStore(totals(table));
    expect(models.calls).toBe(2);
  });
});
