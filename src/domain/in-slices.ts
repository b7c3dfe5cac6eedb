// Work written as a generator that yields between slices, run either in one go (the mocks, where
// nothing else waits on the thread) or with the event loop let run at every yield (the server:
// docs/design.md §8.9, reading an import never holds the loop).

/** Runs the steps to the end at once. */
export function allAtOnce<T>(steps: Generator<void, T>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Work between two turns of the event loop at most. The steps yield often (a fraction of a
 * millisecond of work each), and a turn is given up only once this much has run, as a timer's turn
 * costs a millisecond or more: the loop is never held much past this, however loaded the machine.
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
