import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §7.1: the printed sheet names, above the table, the date, the rate and the filters
// in force; the line is there for print only (`print:block` over `hidden`).

describe('models list print line', () => {
  it('names the date, the exchange rate, the brand, the search and the sort', async () => {
    const haier = getStore().brands.find((brand) => brand.name === 'Haier')!;
    await renderApp(`/models?brandId=${haier.id}&search=hsu&sort=price.desc`, 'sales');
    const line = await screen.findByTestId('print-line');
    await waitFor(() => expect(line).toHaveTextContent('Brand: Haier'));
    expect(line).toHaveTextContent('EXCH: 281.15');
    expect(line).toHaveTextContent('Search: hsu');
    expect(line).toHaveTextContent('Sorted by: Total descending');
    expect(line).toHaveTextContent(`Date: ${new Date().toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric' })}`);
    expect(line).toHaveClass('hidden', 'print:block');
  });

  it('says All models without a filter', async () => {
    await renderApp('/models', 'admin');
    const line = await screen.findByTestId('print-line');
    await waitFor(() => expect(line).toHaveTextContent('EXCH: 281.15'));
    expect(line).toHaveTextContent('All models');
  });
});
