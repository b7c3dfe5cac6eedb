import type { Page } from '@playwright/test';
import { expect, type Api } from './fixtures.ts';

export type QuoteLine = { modelId: number; qty: number; discountPerUnit?: number };

/** A quote created and sent through the API, for the journeys that start from a sent quote. */
export async function sendQuote(api: Api, customerName: string, lines: QuoteLine[], customerPhone?: string) {
  const { id } = await api.call<{ id: number }>('quotes/create', {
    customerName,
    ...(customerPhone && { customerPhone }),
    lines: lines.map((line) => ({ discountPerUnit: 0, ...line })),
  });
  const { quote } = await api.call<{ quote: { version: number } }>('quotes/get', { id });
  const { shareUrl } = await api.call<{ shareUrl: string }>('quotes/send', { id, version: quote.version });
  const { quote: sent } = await api.call<{ quote: { label: string } }>('quotes/get', { id });
  return { id, label: sent.label, shareUrl };
}

/** Nothing on the page is wider than the window: no sideways scroll at phone width. */
export async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), 'the page width').toBeLessThanOrEqual(width);
}
