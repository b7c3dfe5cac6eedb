import { afterAll, beforeAll, expect, it } from 'vitest';
import { wonMoveNote } from '#src/domain/quotes.ts';
import { call, describeEachDatabase, seedCatalogue } from '#tests/api/harness.ts';
import { expectLedgerBalanced } from './ledger.ts';
import type { ServerProcess } from './server-process.ts';
import { openSharedDatabase, signIn, sized, soakTimeout, type SharedDatabase } from './shared-database.ts';

// docs/design.md §8.1 under SIGKILL: a send fixes every figure in one transaction, a win with
// stock out moves every line or none. Each round starts sends and wins at once and kills the
// server once some of them have answered, so the kill lands while others are in flight.
const ROUNDS = sized(6, 60);
const QUOTES_PER_ROUND = 24;
const MODELS = 3;
/**
 * Each round kills after more answers than the last (2, 5, 8…): early kills cut calls off in flight,
 * later ones let wins of the quotes sent before be acknowledged, whatever the database's pace.
 */
const killAfterAnswers = (round: number) => 2 + 3 * round;

type Tracked = { id: number; label?: string; sendAcknowledged: boolean; winAcknowledged: boolean };

describeEachDatabase('quotes/send and quotes/win under SIGKILL', (kind) => {
  let shared: SharedDatabase;
  let manager: string;
  const modelIds: number[] = [];
  const quotes: Tracked[] = [];

  beforeAll(async () => {
    shared = await openSharedDatabase(kind);
    const first = await shared.start();
    const signedIn = await signIn(shared, [first], 1);
    manager = signedIn.managers[0]!;
    for (let m = 1; m <= MODELS; m++) {
      const { modelId } = await shared.inspect((db) => seedCatalogue({ url: first.url, db }, signedIn.admin, `Quote crash ${m}`));
      modelIds.push(modelId);
      await call(first, 'models/add-stock', { id: modelId, modelQuantity: 100_000 }, manager);
    }
    await first.stop();
  }, 120_000);
  afterAll(() => shared?.close());

  /** What a restarted server must show for every quote, whatever moment the last one died at. */
  async function expectWhole(server: ServerProcess) {
    await shared.inspect((db) => expectLedgerBalanced(db));
    const notes = new Map<string, number>();
    for (const modelId of modelIds) {
      const logs = await call(server, 'models/model-logs', { filters: { modelId }, page: 1, per_page: 100_000 }, manager);
      expect(logs.status).toBe(200);
      for (const row of logs.body.tableData.data as { note: string | null }[])
        if (row.note) notes.set(row.note, (notes.get(row.note) ?? 0) + 1);
    }
    for (const tracked of quotes) {
      const { body, status } = await call(server, 'quotes/get', { id: tracked.id }, manager);
      expect(status).toBe(200);
      const quote = body.quote;
      tracked.label = quote.label;
      if (tracked.sendAcknowledged) expect(quote.status, `${quote.label} was acknowledged as sent`).not.toBe('draft');
      if (tracked.winAcknowledged) expect(quote.status, `${quote.label} was acknowledged as won`).toBe('won');
      if (quote.status === 'draft') {
        expect(quote.rate.fixed).toBe(false);
        expect(quote.shareUrl).toBeNull();
      } else {
        expect(quote.rate.fixed, `${quote.label} sent without its rate`).toBe(true);
        expect(quote.shareUrl).toMatch(/\/q\/[^/]+$/);
        expect(quote.lines.every((line: { unitTotal: number; lineTotal: number }) => line.unitTotal > 0 && line.lineTotal > 0)).toBe(true);
      }
      const moved = notes.get(wonMoveNote(quote.label)) ?? 0;
      expect(moved, `${quote.label}: moves of a ${quote.status} quote`).toBe(quote.status === 'won' ? quote.lines.length : 0);
    }
  }

  it(
    `keeps every quote sent whole or a draft, and every win with all its moves or none, over ${ROUNDS} kills`,
    async () => {
      let answered = 0;
      let cutOff = 0;
      for (let round = 0; ; round++) {
        const server = await shared.start();
        await expectWhole(server);
        if (round === ROUNDS) {
          await server.stop();
          break;
        }
        const drafts: Tracked[] = [];
        for (let q = 0; q < QUOTES_PER_ROUND; q++) {
          const lines = modelIds.map((modelId, l) => ({ modelId, qty: 1 + ((q + l) % 3) }));
          const created = await call(server, 'quotes/create', { customerName: `Round ${round} customer ${q}`, lines }, manager);
          expect(created.status).toBe(200);
          drafts.push({ id: created.body.id, sendAcknowledged: false, winAcknowledged: false });
        }
        quotes.push(...drafts);
        const sentBefore = quotes.filter((tracked) => tracked.sendAcknowledged && !tracked.winAcknowledged && !drafts.includes(tracked));

        let answers = 0;
        let kill!: () => void;
        const killMoment = new Promise<void>((resolve) => (kill = resolve));
        const settle = async (send: () => Promise<{ status: number }>, done: () => void) => {
          try {
            const answer = await send();
            if (answer.status === 200) done();
            if (++answers === killAfterAnswers(round)) kill();
          } catch {
            cutOff++;
          }
        };
        // Sends and wins alternate, so a database that runs one write at a time meets both before the kill.
        const sends = drafts.map(
          (tracked) => () =>
            settle(
              () => call(server, 'quotes/send', { id: tracked.id }, manager),
              () => (tracked.sendAcknowledged = true),
            ),
        );
        const wins = sentBefore.map(
          (tracked) => () =>
            settle(
              () => call(server, 'quotes/win', { id: tracked.id, stockOut: 1 }, manager),
              () => (tracked.winAcknowledged = true),
            ),
        );
        const calls = sends.flatMap((send, i) => [send(), ...(wins[i] ? [wins[i]()] : [])]);
        calls.push(...wins.slice(sends.length).map((win) => win()));
        await Promise.race([killMoment, Promise.all(calls)]);
        await server.stop('SIGKILL');
        await Promise.all(calls);
        answered += answers;
      }
      // Not a vacuous pass: calls were answered, some were cut off in flight, and wins happened.
      expect(answered).toBeGreaterThan(ROUNDS);
      expect(cutOff, 'calls cut off by a kill').toBeGreaterThan(0);
      expect(quotes.filter((tracked) => tracked.winAcknowledged).length).toBeGreaterThan(0);
    },
    soakTimeout,
  );
});
