import { danger, success } from './flagged-text.ts';

// Every text the server and the mocks both answer, written once (docs/product.md and docs/design.md
// give them). What the app says of its own is in ./app-messages.ts.

export const messages = {
  sessionExpired: danger('Your session has expired. Please sign in again.'),
  forbidden: danger("You didn't have permission to perform this action."),
  serverError: danger('Sever Error. Please Contact Administration.'),
  methodNotAllowed: danger('Method not allowed.'),
  notFound: danger('Not found.'),
  notReady: danger('Not ready.'),
  xsrfMismatch: danger('Page expired. Please reload the page.'),
  badCredentials: danger('These credentials do not match our records.'),
  signInExpired: danger('The sign-in has expired. Please sign in again.'),
  tooBusy: (seconds: number) => danger(`The server is busy checking passwords. Please try again in ${seconds} seconds.`),
  readingBusy: (seconds: number) => danger(`The server is busy reading other files. Please try again in ${seconds} seconds.`),
  tooManyAttempts: (seconds: number) => danger(`Too many login attempts. Please try again in ${seconds} seconds.`),
  invalidJson: danger('The request body is not valid JSON.'),
  invalidMultipart: danger('The request body is not valid multipart form data.'),
  // The policy's refusal (docs/design.md §8.5): the flag tells the app to lead to the Security screen.
  secondFactorRequired: { ...danger('Please set up two-factor sign-in to continue.'), twoFactorSetupRequired: 1 as const },
};

/** The 200 answer of each write. */
export const done = {
  signedOut: success('You have been signed out.'),
  passwordChanged: success('Password changed successfully.'),
  brandAdded: success('Brand added successfully.'),
  brandUpdated: success('Brand updated successfully.'),
  seriesAdded: success('Series added successfully.'),
  seriesUpdated: success('Series updated successfully.'),
  modelAdded: success('Model added successfully.'),
  modelUpdated: success('Model updated successfully.'),
  stockAdded: success('Stock added successfully.'),
  stockRemoved: success('Stock removed successfully.'),
  userAdded: success('User added successfully.'),
  userUpdated: success('User updated successfully.'),
  variablesUpdated: success('Variables updated successfully.'),
  exchUpdated: success('Exchange rate updated successfully.'),
  settingsUpdated: success('Settings updated successfully.'),
  markedSeen: success('Marked as seen.'),
  viewSaved: success('View saved successfully.'),
  viewDeleted: success('View deleted successfully.'),
  twoFactorDisabled: success('Two-factor sign-in has been turned off.'),
  twoFactorReset: success('Two-factor sign-in has been reset.'),
  passkeyAdded: success('The passkey has been added.'),
  passkeyRemoved: success('The passkey has been removed.'),
  sessionRevoked: success('The session has been signed out.'),
  otherSessionsRevoked: success('Every other session has been signed out.'),
  modelsImported: (created: number, updated: number) => success(`${created} models created, ${updated} updated.`),
  modelsUpdated: (count: number) => success(count === 1 ? '1 model updated.' : `${count} models updated.`),
};
