import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExchSparkline, stepPath } from '#src/features/dashboard/exch-sparkline.tsx';
import { renderApp } from './render-app.tsx';

// docs/design.md §7.3: WELCOME, then cards by level. mocks/seed.ts: exch 281.15; GS-12PITH11G (8 of 10)
// and GS-18FITH1W (15 of 20) are low; the newest move is GS-12FITH1W −4 'Order #1042'.

const card = (name: string) => screen.findByRole('region', { name });

describe('dashboard', () => {
  it('shows sales the WELCOME heading and the rate only', async () => {
    await renderApp('/', 'sales');
    expect(await screen.findByText('WELCOME')).toBeInTheDocument();
    const rate = await card('Exchange Rate');
    expect(rate).toHaveTextContent('281.15');
    // mocks/seed.ts: the rate's last change on record was the manager's.
    expect(rate).toHaveTextContent(/Changed .* by Manager User/);
    expect(screen.queryByRole('region', { name: 'Low Stock' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent Stock Moves' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Catalogue' })).not.toBeInTheDocument();
  });

  it('shows a manager the low-stock models lowest first and the recent moves, linked to their logs', async () => {
    await renderApp('/dashboard', 'manager');
    const low = await card('Low Stock');
    expect(low).toHaveTextContent('2 models at or below minimum stock.');
    const lowLinks = within(low).getAllByRole('link');
    expect(lowLinks.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Show all', '/models?lowStock=1'],
      ['GS-12PITH11G', '/models/log-model/4'],
      ['GS-18FITH1W', '/models/log-model/2'],
    ]);
    const moves = await card('Recent Stock Moves');
    const first = within(moves).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: 'GS-12FITH1W' })).toHaveAttribute('href', '/models/log-model/1');
    expect(first).toHaveTextContent('-4');
    expect(first).toHaveTextContent('Order #1042');
    expect(within(moves).getAllByRole('row')).toHaveLength(10);
    expect(screen.queryByRole('region', { name: 'Catalogue' })).not.toBeInTheDocument();
  });

  it('shows an admin the counts and the stock value in PKR, lakh-grouped', async () => {
    await renderApp('/', 'admin');
    const catalogue = await card('Catalogue');
    const figure = (term: string) => within(catalogue).getByText(term).nextElementSibling?.textContent;
    expect(figure('Brands')).toBe('3');
    expect(figure('Models')).toBe('12');
    expect(figure('Active Models')).toBe('11');
    // The mocks' exact sum of quantity × Total over active models (tests/mocks/dashboard.test.ts checks it).
    expect(figure('Stock Value PKR')).toMatch(/^\d{1,2}(,\d{2})*,\d{3}$/);
    expect(await card('Low Stock')).toBeInTheDocument();
  });
});

describe('exchange-rate sparkline', () => {
  it('renders nothing without points', () => {
    const { container } = render(<ExchSparkline points={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('draws each rate as a step held until the next change, up to the right edge', () => {
    // Lowest at the bottom (y 38), highest at the top (y 2), three steps across 200.
    expect(stepPath([280, 282, 281])).toBe('M0 38 H66.7 V2 H133.3 V20 H200');
    expect(stepPath([281.15])).toBe('M0 38 H200');
  });

  it('draws the points as one labelled picture', async () => {
    render(
      <ExchSparkline
        points={[
          { createdAt: '2026-01-01T00:00:00.000Z', value: '280' },
          { createdAt: '2026-02-01T00:00:00.000Z', value: '281.15' },
        ]}
      />,
    );
    expect(await screen.findByRole('img', { name: 'Exchange rate over the last 90 days: 280 to 281.15' })).toBeInTheDocument();
  });
});
