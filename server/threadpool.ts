import { PASSWORD_WORK } from './auth/password-work.ts';

// libuv reads UV_THREADPOOL_SIZE once, when its pool first runs a task, so this module is the
// first import of every entry point. The pool is larger than the cap on password hashing by
// libuv's default of 4, so static files, stored images and the rest never wait behind hashing.
process.env.UV_THREADPOOL_SIZE ??= String(PASSWORD_WORK.running + 4);
