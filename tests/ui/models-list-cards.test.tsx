import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '#src/lib/use-media-query.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §8.8: below 640 px the models list is one card per model. jsdom lays nothing
// out, so the width is what `matchMedia` answers, as a phone's browser would. The seed's TR is 3.517.

function atPhoneWidth(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: phone && query === PHONE_QUERY,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

afterEach(() => vi.unstubAllGlobals());

async function cardOf(modelName: string) {
  const list = await screen.findByRole('list', { name: 'Models' });
  const heading = await within(list).findByRole('heading', { name: modelName });
  return heading.closest('article') as HTMLElement;
}

/** A card's figures, term by term. */
const figuresOf = (card: HTMLElement) =>
  Object.fromEntries([...card.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]));

describe('the models list below 640 px', () => {
  it("shows a manager each model's brand and series, kW and tons, Total, Quantity and Logs, and no table", async () => {
    atPhoneWidth(true);
    await renderApp('/models', 'manager');
    const card = await cardOf('GS-12FITH1W');
    expect(screen.queryByRole('table', { name: 'Models' })).not.toBeInTheDocument();
    expect(card).toHaveAccessibleName('GS-12FITH1W');
    expect(within(card).getByText('Gree · Fairy')).toBeInTheDocument();
    expect(figuresOf(card)).toEqual({ Capacity: '3.517 kW · 1 ton', Total: '20,209', Quantity: '26' });
    expect(within(card).getByRole('link', { name: 'Logs' })).toHaveAttribute('href', '/models/log-model/1');
    expect(within(card).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    // 5.275 kW ÷ 3.517 is 1.49985…: the nearest quarter is 1.5.
    expect(figuresOf(await cardOf('GS-18FITH1W')).Capacity).toBe('5.275 kW · 1.5 ton');
    expect(figuresOf(await cardOf('HSU-18HRT')).Capacity).toBe('-');
    expect(within(screen.getByRole('list', { name: 'Models' })).getAllByRole('article')).toHaveLength(12);
  });

  it('shows Sales the Total but no quantity and no actions', async () => {
    atPhoneWidth(true);
    await renderApp('/models', 'sales');
    const card = await cardOf('GS-12FITH1W');
    expect(figuresOf(card)).toEqual({ Capacity: '3.517 kW · 1 ton', Total: '20,209' });
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('gives an admin both Logs and Edit on each card', async () => {
    atPhoneWidth(true);
    await renderApp('/models', 'admin');
    const card = await cardOf('GS-18FITH1W');
    expect(within(card).getByRole('link', { name: 'Logs' })).toHaveAttribute('href', '/models/log-model/2');
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/models/edit-model/2');
  });

  it('selects every card of the page with one checkbox above them, as the table does from its header (§8.1)', async () => {
    atPhoneWidth(true);
    const { user } = await renderApp('/models', 'sales');
    const list = await screen.findByRole('list', { name: 'Models' });
    const cards = within(list).getAllByRole('listitem').length;
    await user.click(screen.getByRole('checkbox', { name: 'Select every model on this page' }));
    expect(within(screen.getByRole('region', { name: 'Selection' })).getByText(`${cards} selected`)).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
  });

  it('keeps the table from 640 px, and every other list keeps its table at phone width', async () => {
    atPhoneWidth(false);
    await renderApp('/models', 'manager');
    expect(await screen.findByRole('table', { name: 'Models' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Models' })).not.toBeInTheDocument();
    atPhoneWidth(true);
    await renderApp('/models/log-model/1', 'manager');
    expect(await screen.findByRole('table', { name: 'Stock Logs' })).toBeInTheDocument();
  });
});

describe('the printed models list', () => {
  it("heads each brand's rows while printing, and only then", async () => {
    await renderApp('/models', 'manager');
    const table = await screen.findByRole('table', { name: 'Models' });
    await within(table).findByText('GS-12FITH1W');
    const headings = () => [...table.querySelectorAll('tr[data-group-row]')].map((row) => row.textContent);
    expect(headings()).toEqual([]);
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(headings()).toEqual(['Gree', 'Haier', 'Orient']);
    // The first heading stands right above the first Gree row, the next above the first Haier row.
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/^Gree$/);
    expect(rows[2]).toHaveTextContent('GS-12FITH1W');
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(headings()).toEqual([]);
  });
});
