/**
 * The anti-forgery pair (docs/design.md §4): the server hands out this cookie, and a POST that
 * carries it must echo its value in this header (419 if not). Header names are case-insensitive.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
