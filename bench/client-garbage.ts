// The bench process is the client of every timed call, on the same two cores as the server. Its
// own garbage (the SQL texts, files and answers of the calls before) was collected during some
// timed import previews: 150 ms of its CPU within a 150–250 ms preview, against 5 ms in the others
// (docs/performance.md). A timed call starts after a full collection of the bench's heap, so the
// client's collector does not run on the cores the server is timed on. `npm run bench` runs Node
// with --expose-gc for it.

const collect = globalThis.gc;
if (collect === undefined) throw new Error('The bench needs Node run with --expose-gc: run it with `npm run bench`.');

/** A full collection of the bench's own heap, before a timed call (not timed itself). */
export const collectClientGarbage = (): void => void collect();
