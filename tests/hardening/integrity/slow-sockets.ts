import { connect, type Socket } from 'node:net';

export type SlowKind = 'headers a byte at a time' | 'silent' | 'body a byte at a time';
const slowKinds: SlowKind[] = ['headers a byte at a time', 'silent', 'body a byte at a time'];

export type SlowSocket = {
  kind: SlowKind;
  /** Everything the server sent before it closed the socket. */
  received: string;
  closed: boolean;
  /** Resolves when the server has closed the socket; the client never closes it. */
  whenClosed: Promise<void>;
};

// What each kind sends at once; the drip then adds one byte every DRIP_MS and never finishes.
const opening: Record<SlowKind, string> = {
  'headers a byte at a time': 'POST /api/models HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
  silent: '',
  'body a byte at a time':
    'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"username":"',
};
const DRIP_MS = 200;

/**
 * Opens `count` connections to `port` on loopback, the kinds in turn, that each hold the server
 * without ever completing a request. Resolves once all are connected; `stop()` ends the drip.
 */
export async function openSlowSockets(port: number, count: number): Promise<{ sockets: SlowSocket[]; stop(): void }> {
  const open: { socket: Socket; slow: SlowSocket }[] = [];
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const kind = slowKinds[i % slowKinds.length]!;
      const socket = connect(port, '127.0.0.1');
      const slow: SlowSocket = {
        kind,
        received: '',
        closed: false,
        whenClosed: new Promise((resolve) => socket.once('close', () => resolve())),
      };
      void slow.whenClosed.then(() => (slow.closed = true));
      socket.on('data', (chunk: Buffer) => (slow.received += chunk.toString()));
      // The server may reset a socket it gives up on; that is the outcome under test, not a failure.
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      if (opening[kind]) socket.write(opening[kind]);
      open.push({ socket, slow });
    }),
  );
  const drip = setInterval(() => {
    for (const { socket, slow } of open) if (slow.kind !== 'silent' && !slow.closed) socket.write('a');
  }, DRIP_MS);
  return { sockets: open.map(({ slow }) => slow), stop: () => clearInterval(drip) };
}
