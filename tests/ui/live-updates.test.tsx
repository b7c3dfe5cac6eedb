import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '#mocks/node.ts';
import { getStore } from '#mocks/store.ts';
import { FAILURES_BEFORE_PAUSE, PAUSED_RETRY_MS, startLive } from '#src/features/live/live-connection.ts';
import { PAUSED_POLL_MS } from '#src/features/live/live-updates.tsx';
import { renderApp, signInAs } from './render-app.tsx';

// Live updates (docs/design.md §8.3) as the app takes them. jsdom has no EventSource: a stand-in
// lets each test send the events, or fail the connects; the ticket comes from the mock API.

class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  /** Whether new streams fail at once (the server unreachable). */
  static failing = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.opened.push(this);
    setTimeout(() => (FakeEventSource.failing ? this.onerror?.() : this.onopen?.()), 0);
  }
  close() {
    this.closed = true;
  }
  send(type: string, data: unknown, id?: number) {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id === undefined ? '' : String(id) }));
    });
  }
}

/** The stream the app holds now, once it has opened it. */
async function stream(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.opened.filter((source) => !source.closed)).toHaveLength(1));
  return FakeEventSource.opened.find((source) => !source.closed)!;
}

beforeEach(() => {
  FakeEventSource.opened = [];
  FakeEventSource.failing = false;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

/** A line of the live status region (role="status"), found by its whole text. */
async function statusLine(text: string): Promise<HTMLElement> {
  const line = await screen.findByText(text);
  expect(line.closest('[role="status"]')).not.toBeNull();
  return line;
}

/** Lets the faked clock run, half a second at a time, until the condition holds (two minutes at most). */
async function until(condition: () => boolean) {
  for (let step = 0; step < 240 && !condition(); step += 1) await vi.advanceTimersByTimeAsync(500);
  expect(condition()).toBe(true);
}

const shared = globalThis as unknown as { reloadPageMock: ReturnType<typeof vi.fn> };

describe('live updates in the app', () => {
  it('opens one stream with a ticket, and says a new rate in the status line as prices reprice', async () => {
    await renderApp('/models', 'manager');
    const box = () => screen.getByRole('textbox', { name: 'EXCH' });
    await waitFor(() => expect(box()).toHaveValue('281.15'));
    const source = await stream();
    expect(source.url).toMatch(/^\/api\/events\?ticket=[\w-]+$/);

    source.send('variables', { variables: { ...getStore().variables, exch: '283.4', version: 2 } }, 41);
    expect(await statusLine('The exchange rate changed from 281.15 to 283.40 (+0.8 %). Prices are updated.')).toBeVisible();
    await waitFor(() => expect(box()).toHaveValue('283.4'));
  });

  it('says a falling rate with its sign, and nothing for variables that leave the rate alone', async () => {
    await renderApp('/models', 'manager');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'EXCH' })).toHaveValue('281.15'));
    const source = await stream();
    source.send('variables', { variables: { ...getStore().variables, fare: '0.06', version: 2 } }, 7);
    expect(screen.queryByText(/The exchange rate changed/)).toBeNull();
    source.send('variables', { variables: { ...getStore().variables, exch: '250', version: 3 } }, 8);
    expect(await statusLine('The exchange rate changed from 281.15 to 250.00 (-11.1 %). Prices are updated.')).toBeVisible();
  });

  it('shows the changed-record notice above an edit form with unsaved changes, and Reload starts it from the saved record', async () => {
    const { user } = await renderApp('/models/edit-model/1', 'admin');
    const name = await screen.findByRole('textbox', { name: 'Model Name' });
    const source = await stream();
    // An unchanged form needs no notice; nor does another record's change.
    source.send('models', { ids: [1] }, 10);
    expect(screen.queryByText('This record has been changed by someone else. Reload to see it.')).toBeNull();
    await user.type(name, ' (mine)');
    source.send('models', { ids: [2] }, 11);
    expect(screen.queryByText('This record has been changed by someone else. Reload to see it.')).toBeNull();

    const model = getStore().models.find((row) => row.id === 1)!;
    Object.assign(model, { name: 'Renamed Elsewhere', version: (model.version ?? 1) + 1 });
    source.send('models', { ids: [1, 2] }, 12);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('This record has been changed by someone else. Reload to see it.');
    // Above the form's fields.
    expect(notice.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Model Name' })).toHaveValue('Renamed Elsewhere'));
    expect(screen.queryByText('This record has been changed by someone else. Reload to see it.')).toBeNull();
  });

  it('leads to the login screen when the session ends', async () => {
    await renderApp('/', 'sales');
    const source = await stream();
    source.send('session', {});
    expect(shared.reloadPageMock).toHaveBeenCalledWith('/login');
    expect(sessionStorage.getItem('sessionEnded')).toBe('1');
    expect(source.closed).toBe(true);
  });

  it('pauses after three failed connects in a row, tries again every 60 s, and resumes when a connect succeeds', async () => {
    await signInAs('sales');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      FakeEventSource.failing = true;
      const paused: boolean[] = [];
      const stop = startLive({ onEvent: () => undefined, onPaused: (now) => paused.push(now) });
      await until(() => paused.length > 0);
      expect(paused).toEqual([true]);
      expect(FakeEventSource.opened).toHaveLength(FAILURES_BEFORE_PAUSE);
      await vi.advanceTimersByTimeAsync(PAUSED_RETRY_MS - 1_000);
      expect(FakeEventSource.opened).toHaveLength(FAILURES_BEFORE_PAUSE);
      await until(() => FakeEventSource.opened.length > FAILURES_BEFORE_PAUSE);
      expect(paused).toEqual([true]);
      FakeEventSource.failing = false;
      await until(() => paused.length > 1);
      expect(paused).toEqual([true, false]);
      expect(FakeEventSource.opened).toHaveLength(FAILURES_BEFORE_PAUSE + 2);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says 'Live updates paused.' after three failed connects in a row", async () => {
    FakeEventSource.failing = true;
    await renderApp('/', 'sales');
    expect(await statusLine('Live updates paused.')).toBeVisible();
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it('while paused, reads the shown screen again every 30 s', async () => {
    FakeEventSource.failing = true;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderApp('/', 'sales');
      await statusLine('Live updates paused.');
      const reads: number[] = [];
      const count = ({ request }: { request: Request }) => {
        if (new URL(request.url).pathname === '/api/dashboard') reads.push(Date.now());
      };
      server.events.on('request:start', count);
      try {
        await until(() => reads.length >= 3);
        // The clock runs half a second at a time: each read falls within a step of its 30 s.
        const gaps = reads.slice(1).map((read, i) => read - reads[i]!);
        for (const gap of gaps) expect(Math.abs(gap - PAUSED_POLL_MS)).toBeLessThanOrEqual(500);
      } finally {
        server.events.removeListener('request:start', count);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
