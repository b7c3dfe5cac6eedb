import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '#mocks/node.ts';
import { getStore } from '#mocks/store.ts';
import { DEFAULT_BUSINESS_TIME_ZONE, formatBusinessDay } from '#src/domain/business-time.ts';
import { PHONE_QUERY } from '#src/lib/use-media-query.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §8.2: since the user last marked the models list seen, the sentence above it (and
// on the dashboard) with 'Mark as seen', and ▲/▼ on each Total that moved. mocks/seed.ts: the rate
// went 282.05 → 281.15 on 19 Jan 2026; GS-12FITH1W (USD 50) was Rs 20,273 and is Rs 20,209; Sales
// see seven sellable models.

const BEFORE_LAST_RATE = '2026-01-15T00:00:00.000Z';
const SALES = 3;
const RATE_SENTENCE = 'Since your last visit on 15 Jan 2026: 1 USD = Rs 282.05 → Rs 281.15 (-0.3 %), 7 prices changed.';

const seenAt = (userId: number, at = BEFORE_LAST_RATE) => getStore().seenMarks.push({ userId, screen: 'models', seenAt: at });
const notice = () => screen.findByRole('region', { name: 'Since your last visit' });

/** An admin's price edit of model 1 as the mocks would have logged it, at `at`. */
function priceEdited(at: string, from: number, to: number) {
  getStore().models.find((model) => model.id === 1)!.priceUsd = to;
  getStore().auditLog.push({
    id: getStore().auditLog.length + 1,
    userId: 1,
    userName: 'Admin User',
    action: 'model.update',
    entityType: 'model',
    entityId: 1,
    entityName: 'GS-12FITH1W',
    changes: { modelPriceUsd: [from, to] },
    createdAt: at,
  });
}

const totalCellOf = (modelName: string) => {
  const row = screen.getByRole('row', { name: new RegExp(`\\b${modelName}\\b`) });
  const column = within(screen.getByRole('table', { name: 'Models' }))
    .getAllByRole('columnheader')
    .findIndex((header) => header.textContent?.startsWith('Total'));
  return within(row).getAllByRole('cell')[column]!;
};

afterEach(() => vi.unstubAllGlobals());

describe('since your last visit, on the models list', () => {
  it('says nothing on a first visit, which starts the clock', async () => {
    await renderApp('/models', 'sales');
    await screen.findByRole('table', { name: 'Models' });
    await waitFor(() => expect(getStore().seenMarks).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Since your last visit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Was Rs / })).not.toBeInTheDocument();
  });

  it("says the rate's move and how many prices changed, and marks each Total with what it was", async () => {
    seenAt(SALES);
    await renderApp('/models', 'sales');
    expect(await notice()).toHaveTextContent(RATE_SENTENCE);
    const mark = await within(totalCellOf('GS-12FITH1W')).findByRole('img', { name: 'Was Rs 20,273 on 15 Jan 2026' });
    expect(mark).toHaveTextContent('▼');
    expect(mark).toHaveAttribute('title', 'Was Rs 20,273 on 15 Jan 2026');
    expect(mark).toHaveClass('print:hidden');
    expect(await notice()).toHaveClass('print:hidden');
    expect(screen.getAllByRole('img', { name: /^Was Rs .* on 15 Jan 2026$/ })).toHaveLength(7);
  });

  it('says one price changed without a rate, marked ▲ for a rise', async () => {
    const since = new Date(Date.now() - 60_000).toISOString();
    seenAt(SALES, since);
    priceEdited(new Date().toISOString(), 50, 60);
    await renderApp('/models', 'sales');
    const day = formatBusinessDay(since, DEFAULT_BUSINESS_TIME_ZONE);
    expect(await notice()).toHaveTextContent(`Since your last visit on ${day}: 1 price changed.`);
    const mark = await within(totalCellOf('GS-12FITH1W')).findByRole('img', { name: `Was Rs 20,209 on ${day}` });
    expect(mark).toHaveTextContent('▲');
    expect(screen.getAllByRole('img', { name: /^Was Rs / })).toHaveLength(1);
  });

  it('clears the sentence and the marks on Mark as seen, busy until they are gone', async () => {
    seenAt(SALES);
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(http.post('*/api/changes/seen', () => held.then(() => undefined)));
    const { user } = await renderApp('/models', 'sales');
    const button = within(await notice()).getByRole('button', { name: 'Mark as seen' });
    await screen.findAllByRole('img', { name: /^Was Rs / });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(getStore().seenMarks[0]!.seenAt).toBe(BEFORE_LAST_RATE);
    answer();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Since your last visit' })).not.toBeInTheDocument());
    expect(screen.queryByRole('img', { name: /^Was Rs / })).not.toBeInTheDocument();
    expect(getStore().seenMarks[0]!.seenAt > BEFORE_LAST_RATE).toBe(true);
  });

  it('says plainly when Mark as seen fails, and keeps the sentence', async () => {
    seenAt(SALES);
    server.use(http.post('*/api/changes/seen', () => HttpResponse.error()));
    const { user } = await renderApp('/models', 'sales');
    await user.click(within(await notice()).getByRole('button', { name: 'Mark as seen' }));
    expect(await within(await notice()).findByRole('alert')).toHaveTextContent(
      'The server cannot be reached. Please check your connection and try again.',
    );
    expect(await notice()).toHaveTextContent(RATE_SENTENCE);
  });

  it("says the server's words when it refuses Mark as seen", async () => {
    seenAt(SALES);
    server.use(
      http.post('*/api/changes/seen', () => HttpResponse.json({ responseMessage: 'Not ready.', responseFlag: 'danger' }, { status: 503 })),
    );
    const { user } = await renderApp('/', 'sales');
    await user.click(within(await notice()).getByRole('button', { name: 'Mark as seen' }));
    expect(await within(await notice()).findByRole('alert')).toHaveTextContent('Not ready.');
    expect(within(await notice()).getByRole('button', { name: 'Mark as seen' })).not.toHaveAttribute('aria-busy', 'true');
  });

  it("marks a card's Total on a phone", async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === PHONE_QUERY,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    seenAt(SALES);
    await renderApp('/models', 'sales');
    const list = await screen.findByRole('list', { name: 'Models' });
    const card = (await within(list).findByRole('heading', { name: 'GS-12FITH1W' })).closest('article')!;
    const total = within(card).getByText('Total').nextElementSibling as HTMLElement;
    expect(await within(total).findByRole('img', { name: 'Was Rs 20,273 on 15 Jan 2026' })).toHaveTextContent('▼');
    expect(total).toHaveTextContent('20,209▼');
  });

  it('passes axe with the sentence and the marks', async () => {
    seenAt(SALES);
    const { container } = await renderApp('/models', 'sales');
    await notice();
    await screen.findAllByRole('img', { name: /^Was Rs / });
    // jsdom draws nothing, so contrast is left to the browser journeys (tests/e2e).
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
  });

  // After a rate change the call prices every model twice: sent beside "All", it held up the
  // 10,000 rows on the server (docs/performance.md).
  it("asks what changed only once the list's rows have answered, on All as on a page", async () => {
    seenAt(SALES);
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname);
    server.events.on('request:start', record);
    let releaseRows = () => {};
    const rowsHeld = new Promise<void>((resolve) => (releaseRows = resolve));
    // Held, then handed on to the mocks' own handler.
    server.use(http.post('*/api/models', () => rowsHeld.then(() => undefined)));
    try {
      await renderApp('/models?per_page=all', 'sales');
      await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['/api/models', '/api/settings', '/api/models/filter-options'])));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(asked).not.toContain('/api/changes/since');
      releaseRows();
      expect(await notice()).toHaveTextContent(RATE_SENTENCE);
      expect(await screen.findAllByRole('img', { name: /^Was Rs .* on 15 Jan 2026$/ })).toHaveLength(7);
    } finally {
      server.events.removeListener('request:start', record);
    }
  });
});

describe('since your last visit, on the dashboard', () => {
  it('repeats the sentence with Mark as seen', async () => {
    seenAt(SALES);
    const { user } = await renderApp('/', 'sales');
    expect(await notice()).toHaveTextContent(RATE_SENTENCE);
    await user.click(within(await notice()).getByRole('button', { name: 'Mark as seen' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Since your last visit' })).not.toBeInTheDocument());
    expect(screen.getByText('WELCOME')).toBeInTheDocument();
  });
});
