// Live updates (docs/design.md §8.3): where the stream is, and the types of its events.

export const EVENTS_PATH = '/api/events';

export const eventTypes = ['variables', 'models', 'catalogue', 'users', 'quotes', 'session', 'reset'] as const;
export type EventType = (typeof eventTypes)[number];
