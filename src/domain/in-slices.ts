// Work written as a generator that yields between slices, run either in one go (the mocks, where
// nothing else waits on the thread) or with the event loop let run at every yield (the server:
// docs/design.md §8.9, reading an import never holds the loop).

/** Runs the steps to the end at once. */
export function allAtOnce<T>(steps: Generator<void, T>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * The loop's next turn: Node's setImmediate, which runs right after the loop has polled for I/O
 * and run its due timers. A timer of 0 ms waits at least 1 ms with the process idle, and on a
 * busy machine its CPU went to other processes meanwhile: an import's apply spent more time in
 * those waits than in its own work (docs/performance.md). Only the server runs work turn by turn.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Work between two turns of the event loop at most. The steps yield often (a fraction of a
 * millisecond of work each), and a turn is given up only once this much has run: the loop is
 * never held much past this, however loaded the machine.
 */
const TURN_MS = 8;

/** Runs the steps, letting the event loop run every TURN_MS of work. */
export async function turnByTurn<T>(steps: Generator<void, T>): Promise<T> {
  let turnStarted = performance.now();
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    if (performance.now() - turnStarted >= TURN_MS) {
      await nextTurn();
      turnStarted = performance.now();
    }
  }
}
