import type { ServerResponse } from 'node:http';
import { HEARTBEAT_TEXT } from '#src/domain/live-events.ts';

/**
 * What one stream may hold unsent beyond what the kernel takes: a client that stops reading is
 * dropped here, so its events never pile up in memory (an import's event of 10,000 ids is 60 KB).
 */
export const MAX_BUFFERED_BYTES = 1_048_576;

export type Stream = {
  /** Writes an event's text; answers false (and closes the stream) when the client has fallen too far behind. */
  send(text: string): boolean;
  /** Resolves once the client has taken enough of what was written to take more (Node's 'drain'), or the stream has closed. */
  drained(): Promise<void>;
  /** Ends the response (the last event, if any, written first); the client reconnects elsewhere or not at all. */
  end(last?: string): void;
  readonly closed: boolean;
  onClose(listener: () => void): void;
};

/**
 * One text/event-stream answer (its head already written). A comment line goes out after every
 * `heartbeatMs` of silence, so proxies and browsers keep it open; a client that took nothing of
 * what waited for it over a whole such interval, or let MAX_BUFFERED_BYTES pile up, is dropped.
 */
export function openStream(response: ServerResponse, heartbeatMs: number): Stream {
  const socket = response.socket;
  let closed = false;
  const listeners: (() => void)[] = [];
  let flushedAtBeat = -1;

  const flushed = () => (socket ? socket.bytesWritten - response.writableLength : 0);
  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(heartbeat);
    for (const listener of listeners) listener();
  };
  const drop = () => {
    close();
    response.destroy();
  };
  const beat = () => {
    if (closed) return;
    // Still waiting since the last beat, nothing taken meanwhile: the client has stopped reading.
    if (response.writableLength > 0 && flushed() === flushedAtBeat) return drop();
    flushedAtBeat = flushed();
    write(HEARTBEAT_TEXT);
  };
  const heartbeat = setTimeout(beat, heartbeatMs);
  const write = (text: string): boolean => {
    if (closed) return false;
    response.write(text);
    heartbeat.refresh();
    if (response.writableLength <= MAX_BUFFERED_BYTES) return true;
    drop();
    return false;
  };
  response.once('close', close);

  return {
    send: write,
    drained: () =>
      closed || !response.writableNeedDrain
        ? Promise.resolve()
        : new Promise((resolve) => {
            const done = () => {
              response.off('drain', done);
              resolve();
            };
            response.once('drain', done);
            listeners.push(done);
          }),
    end(last) {
      if (closed) return;
      if (last !== undefined) response.write(last);
      close();
      response.end();
    },
    get closed() {
      return closed;
    },
    onClose: (listener) => void listeners.push(listener),
  };
}
