import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { appMessages } from '#src/contract/app-messages.ts';
import { emitLiveEvent } from '#src/lib/live-bus.ts';
import { reloadPage } from '#src/lib/reload.ts';
import { endSession } from '#src/lib/session.ts';
import { applyLiveEvent, refreshShown } from './apply-event.ts';
import { startLive } from './live-connection.ts';

/** While the stream is paused, what the screens show is read again this often (docs/design.md §8.3). */
export const PAUSED_POLL_MS = 30_000;

// The stop of this tab's live updates, for logout: its own sign-out must not come back to it as a
// `session` event ('Your session has ended.' is for the other tabs and browsers).
let stopCurrent: (() => void) | undefined;

/** Stops this tab's live updates (logout). */
export const stopLiveUpdates = () => stopCurrent?.();

/**
 * The signed-in frame's live updates: follows the stream (shared by the browser's tabs), applies
 * each event to the caches and hands it on to the forms, and says what the user should know.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    // A browser without EventSource (jsdom) has no live updates; the screens still load and save.
    if (typeof EventSource !== 'function') return;
    const stop = startLive({
      onEvent: (event) => {
        if (event.type === 'session') {
          stop();
          endSession();
          reloadPage('/login');
          return;
        }
        const said = applyLiveEvent(queryClient, event);
        if (said) setMessage(said);
        emitLiveEvent(event);
      },
      onPaused: setPaused,
    });
    stopCurrent = stop;
    return () => {
      stop();
      if (stopCurrent === stop) stopCurrent = undefined;
    };
  }, [queryClient]);

  useEffect(() => {
    if (!paused) return;
    const poll = setInterval(() => refreshShown(queryClient), PAUSED_POLL_MS);
    return () => clearInterval(poll);
  }, [paused, queryClient]);

  // The live region is there before anything is said in it (so screen readers announce), but only
  // its lines are status roles: an empty one would stand beside every screen's own status.
  return (
    <div
      aria-live="polite"
      className="empty:hidden space-y-1 border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900 print:hidden"
    >
      {paused && <p role="status">{appMessages.livePaused}</p>}
      {message && <p role="status">{message}</p>}
    </div>
  );
}
