import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modelsTable } from './helpers.ts';
import { renderApp } from './render-app.tsx';

// The device's copy of the sheet (docs/design.md §8.6) is decoded on the page's thread, 10,000 rows
// for an admin: it is read only once the list's rows are drawn and the page is idle.

afterEach(() => vi.unstubAllGlobals());

describe('the saved sheet on the models list', () => {
  it('is read from the device only once the rows are drawn and the page is idle', async () => {
    // jsdom has no IndexedDB: this one records each opening and refuses it, as a browser without
    // storage would; the app then says it could not load the sheet and goes on.
    const opened = vi.fn(() => {
      throw new DOMException('No storage in this test', 'InvalidStateError');
    });
    vi.stubGlobal('indexedDB', { open: opened });
    // Idle callbacks are held until released: the page is never idle before that.
    const idle: IdleRequestCallback[] = [];
    let released = false;
    const deadline = { didTimeout: false, timeRemaining: () => 50 };
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => {
      if (released) setTimeout(() => callback(deadline));
      else idle.push(callback);
      return 0;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    await renderApp('/models', 'admin');
    await modelsTable();
    // The keeper asks for the page's idleness once the list has loaded, and reads nothing before.
    await waitFor(() => expect(idle.length).toBeGreaterThan(0));
    expect(opened).not.toHaveBeenCalled();

    released = true;
    act(() => idle.splice(0).forEach((callback) => callback(deadline)));
    await waitFor(() => expect(opened).toHaveBeenCalled());
  });
});
