/**
 * The first part of every audit query's key (src/features/audit/api.ts): every write makes them
 * stale. A module of its own, so the live updates (on the first screen) name it without loading
 * the write hook.
 */
export const AUDIT_KEY = ['audit'] as const;
