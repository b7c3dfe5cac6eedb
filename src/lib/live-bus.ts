import type { LiveEvent } from '#src/domain/live-events.ts';

// The live events this tab receives (docs/design.md §8.3), handed to whoever on the page follows
// them: the edit forms (src/components/form/record-changed.tsx) beside the caches' own handling.

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();

/** Follows the live events from now on; returns the way to stop. */
export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitLiveEvent(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}
