import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as AppData from '#src/features/offline/app-data.ts';
import { readSheets } from '#src/features/offline/app-data.ts';
import { modelsTable } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// The device's copy of the sheet (docs/design.md §8.6) is decoded on the page's thread, 10,000 rows
// for an admin: it is read only once the list's rows are drawn and the page is idle.
vi.mock('#src/features/offline/app-data.ts', async (original) => ({
  ...(await original<typeof AppData>()),
  readSheets: vi.fn(async () => []),
  saveSheet: vi.fn(async () => undefined),
}));

afterEach(() => vi.unstubAllGlobals());

describe('the saved sheet on the models list', () => {
  it('is read from the device only once the rows are drawn and the page is idle', async () => {
    // Idle callbacks are held from here on: the page is never idle until they run.
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    await renderApp('/models', 'admin');
    await modelsTable();
    expect(readSheets).not.toHaveBeenCalled();

    act(() => idle.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 })));
    await waitFor(() => expect(readSheets).toHaveBeenCalled());
  });
});
