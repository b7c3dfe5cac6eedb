import { monitorEventLoopDelay } from 'node:perf_hooks';

// Preloaded into the production server and the API baseline (`node --import`), untouched
// otherwise: the bench asks over IPC to start a window and, at its end, for the longest the event
// loop was held up; and, around a load, for the CPU time the process has used so far.
//
// The longest hold is measured twice. `maxMs` is the time: what other calls wait, which on a
// loaded machine includes the time the process was not given a core at all. `cpuMaxMs` is the
// main thread's CPU time between two turns of the loop (a timer every millisecond): the longest
// piece of work the process does without letting the loop run, the same however busy the machine.
// And its memory: resident size and V8's heap, after a full collection when the process was
// started with --expose-gc (the live-streams bench does, to count what its open streams hold).

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();

const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};
let lastTurn = threadCpuMs();
let cpuMaxMs = 0;
setInterval(() => {
  const now = threadCpuMs();
  cpuMaxMs = Math.max(cpuMaxMs, now - lastTurn);
  lastTurn = now;
}, 1).unref();

process.on('message', (message) => {
  if (message === 'reset') {
    histogram.reset();
    cpuMaxMs = 0;
  }
  if (message === 'read') process.send?.({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, cpuMaxMs });
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMs: (user + system) / 1000 });
  }
  if (message === 'memory') {
    globalThis.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send?.({ rssKiB: rss / 1024, heapUsedKiB: heapUsed / 1024 });
  }
});
// The IPC channel must not keep the server alive once it closes on SIGTERM.
process.channel?.unref();
