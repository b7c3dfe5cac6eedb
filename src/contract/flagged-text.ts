import type { WriteResponse } from './common.ts';

/** A text as the alert of a write's answer shows it, red or green. */
export const danger = (responseMessage: string): WriteResponse => ({ responseMessage, responseFlag: 'danger' });
export const success = (responseMessage: string): WriteResponse => ({ responseMessage, responseFlag: 'success' });
