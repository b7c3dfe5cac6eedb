import { danger } from './flagged-text.ts';
import { staleVersionMessage } from './stale-version.ts';

/**
 * What the app itself says when the server cannot answer or a step needs a question first
 * (docs/design.md §7.7). Apart from the server's texts (./messages.ts), which the first
 * screen does not load; each text exists once.
 */
export const appMessages = {
  noRecords: 'No Record Found.',
  unreachable: danger('The server cannot be reached. Please check your connection and try again.'),
  couldNotLoad: 'Could not load the latest data.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  leaveUnsaved: 'Leave without saving? Your changes will be lost.',
  exchChange: (current: string, next: string, percent: string) =>
    `Change the exchange rate from ${current} to ${next}? That is a change of ${percent} %.`,
  largeRatio: (label: string, value: string, percent: string) => `${label} ${value} adds ${percent} % to every price. Continue?`,
  demoteSelf: 'Remove your own administrator access? You will be signed out.',
  deactivateSelf: 'Deactivate your own account? You will be signed out.',
  passkeyNotFinished: danger('The passkey was not used: the browser did not finish. Please try again.'),
  removePasskey: (name: string) => `Remove the passkey “${name}”? You will no longer sign in with it.`,
  // Live updates (docs/design.md §8.3).
  exchChanged: (from: string, to: string, percent: string) =>
    `The exchange rate changed from ${from} to ${to} (${percent} %). Prices are updated.`,
  /** Above an edit form with unsaved changes whose record was saved by someone else: the stale save's own words. */
  recordChanged: staleVersionMessage,
  livePaused: 'Live updates paused.',
};
