import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §8.8: a printed sheet says whose it is: the company's name (from `settings`) and
// 'Price list' above the print line, for print only.

describe('models list print heading', () => {
  it("names the company and 'Price list' above the print line, for every role", async () => {
    getStore().settings.companyName = 'Cool Breeze Traders';
    await renderApp('/models', 'sales');
    const heading = await screen.findByTestId('print-heading');
    await waitFor(() => expect(heading).toHaveTextContent('Cool Breeze Traders'));
    expect(heading).toHaveTextContent('Price list');
    expect(heading).toHaveClass('hidden', 'print:block');
    const line = screen.getByTestId('print-line');
    expect(heading.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("prints 'Price list' alone while the company has no name", async () => {
    await renderApp('/models', 'admin');
    const heading = await screen.findByTestId('print-heading');
    await waitFor(() => expect(heading).toHaveTextContent('Price list'));
    expect(heading.textContent).toBe('Price list');
  });
});
