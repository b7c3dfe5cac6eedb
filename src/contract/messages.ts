import type { WriteResponse } from './common.ts';

const danger = (responseMessage: string): WriteResponse => ({ responseMessage, responseFlag: 'danger' });

export const messages = {
  sessionExpired: danger('Your session has expired. Please sign in again.'),
  forbidden: danger("You didn't have permission to perform this action."),
  serverError: danger('Sever Error. Please Contact Administration.'),
  methodNotAllowed: danger('Method not allowed.'),
  notFound: danger('Not found.'),
  xsrfMismatch: danger('Page expired. Please reload the page.'),
  badCredentials: danger('These credentials do not match our records.'),
  tooBusy: (seconds: number) => danger(`The server is busy checking passwords. Please try again in ${seconds} seconds.`),
  tooManyAttempts: (seconds: number) => danger(`Too many login attempts. Please try again in ${seconds} seconds.`),
  success: (responseMessage: string): WriteResponse => ({ responseMessage, responseFlag: 'success' }),
};
