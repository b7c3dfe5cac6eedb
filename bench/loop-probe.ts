import { monitorEventLoopDelay } from 'node:perf_hooks';

// Preloaded into the production server (`node --import`), untouched otherwise: the bench asks
// over IPC to start a window and, at its end, for the longest the event loop was held up.

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
process.on('message', (message) => {
  if (message === 'reset') histogram.reset();
  if (message === 'read') process.send?.({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 });
});
// The IPC channel must not keep the server alive once it closes on SIGTERM.
process.channel?.unref();
