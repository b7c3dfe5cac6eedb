import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The probe's attack on sign-in (issue 18): `count` sign-ins with random usernames sent at once
 * over raw sockets, each hung up `hangUpMs` after it was sent, as a client that does not wait for
 * the answer. Resolves once every request is sent, with a promise of the moment all are closed.
 */
export async function floodSignIns(url: string, count = 200, hangUpMs = 50): Promise<{ closed: Promise<void> }> {
  const sockets = await Promise.all(Array.from({ length: count }, () => sendSignIn(url)));
  const closed = sleep(hangUpMs).then(() => sockets.forEach((socket) => socket.destroy()));
  return { closed };
}

/** `count` sign-ins with random usernames, sent at once and left waiting until `hangUp()`. */
export async function holdSignIns(url: string, count: number): Promise<{ hangUp(): void }> {
  const sockets = await Promise.all(Array.from({ length: count }, () => sendSignIn(url)));
  // Once the server has read them all: the last one sent is then in the queue.
  await sleep(200);
  return { hangUp: () => sockets.forEach((socket) => socket.destroy()) };
}

/** A sign-in of a random username over a raw socket of its own, which the caller closes. */
async function sendSignIn(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ username: `flood-${randomBytes(12).toString('hex')}`, password: randomBytes(24).toString('hex') });
  const socket = connect(Number(port), hostname);
  // The server may answer or reset the socket first; either is fine for an attacker.
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    `POST /api/auth/login HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
  );
  return socket;
}

/** What `request` answered and how long it took, in milliseconds. */
export async function timed<T>(request: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const start = performance.now();
  const answer = await request();
  return { answer, ms: performance.now() - start };
}
