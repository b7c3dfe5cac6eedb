import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStore } from '#mocks/store.ts';
import { formatLakh } from '#src/domain/format.ts';
import { computePrices } from '#src/domain/prices.ts';
import { modelsTable, recordBodies } from './helpers.ts';
import { renderApp } from './render-app.tsx';

afterEach(() => vi.useRealTimers());

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

/** Each model's figure in a column, by model name. */
function column(table: HTMLElement, header: string): Record<string, string> {
  const at = headers(table).indexOf(header);
  const modelAt = headers(table).indexOf('Model');
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell'))
      .map((cells) => [cells[modelAt]!.textContent, cells[at]!.textContent]),
  );
}

const totalsAt = (exch: string) =>
  Object.fromEntries(
    getStore().models.map((model) => [model.name, formatLakh(computePrices(model.priceUsd, { ...getStore().variables, exch }).total)]),
  );

describe('EXCH box preview', () => {
  it("shows 'Total at <rate>' after Total while a different valid rate is typed, and removes it when cleared, restored or applied", async () => {
    const { user } = await renderApp('/models', 'manager');
    const table = await modelsTable();
    const exch = screen.getByRole('textbox', { name: 'EXCH' });
    expect(headers(table)).not.toContain('Total at 300');

    await user.clear(exch);
    await user.type(exch, '300');
    expect(headers(table)).toContain('Total at 300');
    expect(headers(table).indexOf('Total at 300')).toBe(headers(table).indexOf('Total') + 1);
    expect(column(table, 'Total at 300')).toEqual(totalsAt('300'));
    // The current prices stay as they are meanwhile.
    expect(column(table, 'Total')).toEqual(totalsAt('281.15'));

    await user.type(exch, 'x');
    expect(headers(table).some((header) => header?.startsWith('Total at'))).toBe(false);
    await user.clear(exch);
    expect(headers(table).some((header) => header?.startsWith('Total at'))).toBe(false);
    await user.type(exch, '281.150');
    expect(headers(table).some((header) => header?.startsWith('Total at'))).toBe(false);

    await user.clear(exch);
    await user.type(exch, '300.5');
    expect(headers(table)).toContain('Total at 300.5');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Exchange rate updated successfully.');
    await waitFor(() => expect(headers(table).some((header) => header?.startsWith('Total at'))).toBe(false));
    expect(column(table, 'Total')).toEqual(totalsAt('300.5'));
  });

  it('draws an applied rate’s prices first and closes its preview column in the frame after', async () => {
    const { user } = await renderApp('/models', 'manager');
    const table = await modelsTable();
    const exch = screen.getByRole('textbox', { name: 'EXCH' });
    await user.clear(exch);
    await user.type(exch, '300.5');
    // Frames are held from here on: the page is never drawn until they run.
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(column(table, 'Total')).toEqual(totalsAt('300.5')));
    expect(headers(table)).toContain('Total at 300.5');

    vi.mocked(window.requestAnimationFrame).mockRestore();
    act(() => frames.splice(0).forEach((callback) => callback(performance.now())));
    await waitFor(() => expect(headers(table).some((header) => header?.startsWith('Total at'))).toBe(false));
    expect(column(table, 'Total')).toEqual(totalsAt('300.5'));
  });

  it('sends the rate it showed as previousExch, and shows the refusal when someone else changed it', async () => {
    const sent = recordBodies('variables/update-exch');
    const { user } = await renderApp('/models', 'manager');
    await modelsTable();
    const exch = screen.getByRole('textbox', { name: 'EXCH' });
    // Someone else sets another rate after the box showed 281.15.
    getStore().variables.exch = '290';
    await user.clear(exch);
    await user.type(exch, '300');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The exchange rate has been changed by someone else. Reload to see it.')).toBeInTheDocument();
    expect(sent).toEqual([{ exch: '300', previousExch: '281.15' }]);
    expect(getStore().variables.exch).toBe('290');
  });
});

describe('EXCH box undo', () => {
  it('offers Undo after an update; it sends the old rate with previousExch the new one and the version the update answered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = recordBodies('variables/update-exch');
    const { user } = await renderApp('/models', 'admin');
    const table = await modelsTable();
    const exch = screen.getByRole('textbox', { name: 'EXCH' });
    await user.clear(exch);
    await user.type(exch, '300');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    act(() => vi.advanceTimersByTime(14_000));
    await user.click(within(alert).getByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(getStore().variables.exch).toBe('281.15'));
    expect(sent).toEqual([
      { exch: '300', previousExch: '281.15' },
      { exch: '281.15', previousExch: '300', version: 2 },
    ]);
    await waitFor(() => expect(exch).toHaveValue('281.15'));
    expect(column(table, 'Total')).toEqual(totalsAt('281.15'));
  });

  // docs/design.md §8.9: the probe's Undo slipped through an A-B-A change.
  it('refuses the Undo when someone changed EXCH after the update, even back to the same rate', async () => {
    const sent = recordBodies('variables/update-exch');
    const { user } = await renderApp('/models', 'admin');
    await modelsTable();
    const exch = screen.getByRole('textbox', { name: 'EXCH' });
    await user.clear(exch);
    await user.type(exch, '300');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(getStore().variables.exch).toBe('300'));
    // Someone else sets 310 and then 300 again: the rate is the one the Undo expects, the version is not.
    getStore().variables.exch = '310';
    getStore().variables.version = 3;
    getStore().variables.exch = '300';
    getStore().variables.version = 4;
    await user.click(within(alert).getByRole('button', { name: 'Undo' }));

    expect(await screen.findByText('This record has been changed by someone else. Reload to see it.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ exch: '281.15', previousExch: '300', version: 2 });
    expect(getStore().variables).toMatchObject({ exch: '300', version: 4 });
  });

  it('takes the Undo button away after 15 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await renderApp('/models', 'admin');
    await modelsTable();
    const exch = screen.getByRole('textbox', { name: 'EXCH' });
    await user.clear(exch);
    await user.type(exch, '300');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    act(() => vi.advanceTimersByTime(14_900));
    expect(within(alert).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(within(alert).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(alert).toHaveTextContent('Exchange rate updated successfully.');
  });
});
