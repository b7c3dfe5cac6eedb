import { monitorEventLoopDelay } from 'node:perf_hooks';

// Preloaded into the production server and the API baseline (`node --import`), untouched
// otherwise: the bench asks over IPC to start a window and, at its end, for the longest the event
// loop was held up; and, around a load, for the CPU time the process has used so far.

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
process.on('message', (message) => {
  if (message === 'reset') histogram.reset();
  if (message === 'read') process.send?.({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 });
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMs: (user + system) / 1000 });
  }
});
// The IPC channel must not keep the server alive once it closes on SIGTERM.
process.channel?.unref();
