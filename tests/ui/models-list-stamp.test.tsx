import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '#mocks/node.ts';
import { getStore } from '#mocks/store.ts';
import { messages } from '#src/contract/messages.ts';
import { recordBodies } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// docs/design.md §8.2: the print sheet asks for a stamp when printed, and shows its line and the QR
// code of its link. window.print is stubbed: what it would print is what the page holds when it is called.

const LINE = /^Prices as of \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d · 1 USD = Rs 281\.15 · Ref [0-9A-HJKMNP-TV-Z]{8}$/;

/** Stubs window.print, keeping the sheet's stamp line and QR image as they were at each call. */
function watchPrints() {
  const sheets: { line: string | null; qr: HTMLElement | null; filters: string | null }[] = [];
  vi.spyOn(window, 'print').mockImplementation(() => {
    sheets.push({
      line: screen.getByTestId('print-line').textContent,
      qr: screen.queryByRole('img', { name: /^QR code of / }),
      filters: screen.queryByTestId('print-filters')?.textContent ?? null,
    });
  });
  return sheets;
}

describe('printing the models list', () => {
  it("asks for a stamp with the list's filters and sort, and prints its line and QR code", async () => {
    const bodies = recordBodies('stamps/create');
    const sheets = watchPrints();
    const { user } = await renderApp('/models?brandId=2&search=hsu&sort=price.desc', 'sales');
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1));
    // The export's body: the URL's filters and sort, no page.
    expect(bodies).toEqual([{ filters: { search: 'hsu', brandId: 2 }, sort: 'price.desc' }]);
    const { ref } = getStore().stamps[0]!;
    const [sheet] = sheets;
    expect(sheet!.line).toMatch(LINE);
    expect(sheet!.line).toContain(`Ref ${ref}`);
    expect(sheet!.filters).toBe('Search: hsu · Brand: Haier · Sorted by: Total descending');
    expect(sheet!.qr).toHaveAccessibleName(`QR code of http://localhost/v/${ref}`);
    expect(sheet!.qr!.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(screen.getByText(`http://localhost/v/${ref}`)).toBeInTheDocument();
  });

  it('prints on Ctrl+P and Cmd+P after the stamp, not the browser at once', async () => {
    const sheets = watchPrints();
    const { user } = await renderApp('/models', 'manager');
    await screen.findByRole('button', { name: 'Print' });
    await user.keyboard('{Control>}p{/Control}');
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1));
    await user.keyboard('{Meta>}p{/Meta}');
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(2));
    expect(getStore().stamps).toHaveLength(2);
    expect(sheets.map((sheet) => sheet.line)).toEqual([expect.stringMatching(LINE), expect.stringMatching(LINE)]);
    expect(sheets[1]!.line).toContain(getStore().stamps[1]!.ref);
    expect(sheets[0]!.filters).toBe('All models');
  });

  it('is busy while the stamp is asked for', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => {});
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(http.post('*/api/stamps/create', () => held.then(() => undefined)));
    const { user } = await renderApp('/models', 'admin');
    const button = await screen.findByRole('button', { name: 'Print' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    expect(window.print).not.toHaveBeenCalled();
    answer();
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1));
    expect(button).toHaveAttribute('aria-busy', 'false');
  });

  it.each([
    [
      'the server cannot be reached',
      () => HttpResponse.error(),
      'The server cannot be reached. Please check your connection and try again.',
    ],
    [
      'the server fails',
      () => HttpResponse.json({ message: 'Server Error', requestId: 'x' }, { status: 500 }),
      messages.serverError.responseMessage,
    ],
  ])('says the sheet was not printed, and prints nothing, when %s', async (_, answer, cause) => {
    vi.spyOn(window, 'print').mockImplementation(() => {});
    server.use(http.post('*/api/stamps/create', answer));
    const { user } = await renderApp('/models', 'sales');
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`The price list was not printed. ${cause}`);
    expect(window.print).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: /^QR code of / })).not.toBeInTheDocument();
  });

  it("stamps the next print when the browser's menu prints, for these rows only", async () => {
    const bodies = recordBodies('stamps/create');
    const { router } = await renderApp('/models?size=1.50', 'sales');
    const line = await screen.findByTestId('print-line');
    await waitFor(() => expect(line).toHaveTextContent('EXCH: 281.15'));
    window.dispatchEvent(new Event('beforeprint'));
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(screen.getByTestId('print-line').textContent).toMatch(LINE));
    expect(bodies).toEqual([{ filters: { size: '1.50' } }]);
    expect(within(screen.getByTestId('print-filters')).getByText('Size: 1.5 ton')).toBeInTheDocument();
    // Other rows are not that stamp's sheet: back to the date and rate until the next stamp.
    await router.navigate({ to: '/models', search: {} });
    await waitFor(() => expect(screen.getByTestId('print-line')).toHaveTextContent('EXCH: 281.15'));
  });
});
